import 'server-only';
import { revalidatePath } from 'next/cache';
import { contentChanged } from '@/lib/content/changed';
import { call, isApiError } from '@/lib/backend';
import type { FormState, FormValues } from '@/contract/forms/form-state';
import { apiErrorState } from '@/lib/forms/api-error';
import { MEDIA_LIMITS, REPORT_MESSAGES, type AdminReport, type ReportInput } from '@/contract/api/reports';

/**
 * The staff area's calls about reports and their images (issue 17), with the signed-in staff
 * member's token (lib/backend sends it). Server-only: pages and actions use these.
 */

export async function listReports(): Promise<AdminReport[]> {
  return (await call('reports')).results;
}

/** undefined for an unknown id (the page's notFound()). */
export async function getReport(id: string): Promise<AdminReport | undefined> {
  try {
    return (await call('report', { params: { id } })).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** An answer the editors read (its field errors, or its message): a 4xx. No answer, or a 5xx, is "failed". */
const isRefusal = (status: number): boolean => status > 0 && status < 500;

/**
 * An editor's failed save as its form state (the one mapper, lib/forms/api-error.ts): a refusal's
 * field errors, its message only when there are none (the summary lists them), otherwise
 * REPORT_MESSAGES.failed.
 */
export function editorErrorState(error: unknown, values: FormValues): FormState<never> {
  return apiErrorState(error, { fallback: REPORT_MESSAGES.failed, values, reads: isRefusal, message: 'alone' });
}

export async function saveReport(id: string | undefined, input: ReportInput): Promise<AdminReport> {
  return (await (id ? call('reportUpdate', { params: { id }, body: input }) : call('reportCreate', { body: input }))).data;
}

export async function setReportStatus(id: string, verb: 'publish' | 'unpublish'): Promise<AdminReport> {
  return (await call(verb === 'publish' ? 'reportPublish' : 'reportUnpublish', { params: { id } })).data;
}

/** Sends the file's bytes as they came; the backend decides by decoding them what they are. */
async function uploadImage(file: File): Promise<{ id: string; url: string }> {
  const data = Buffer.from(await file.arrayBuffer()).toString('base64');
  const result = await call('mediaUpload', { body: { data } });
  return { id: result.mediaId, url: result.data.url };
}

/**
 * An editor form's image field: a chosen file is uploaded and its id and url put into `values`
 * (so the form keeps it even if other fields are wrong); returns the message to show when it was
 * refused, undefined when it was taken or no file was chosen.
 */
export async function takeImageUpload(file: FormDataEntryValue | null, values: Record<string, unknown>): Promise<string | undefined> {
  if (!(file instanceof File) || file.size === 0) return undefined;
  if (file.size > MEDIA_LIMITS.maxBytes) return REPORT_MESSAGES.imageTooLarge;
  try {
    const uploaded = await uploadImage(file);
    values.imageId = uploaded.id;
    values.imageUrl = uploaded.url;
    return undefined;
  } catch (error) {
    // No answer at all (the API down): the form says so and keeps what was typed.
    if (!isApiError(error) || !isRefusal(error.status)) return REPORT_MESSAGES.failed;
    const refused = apiErrorState(error, { fallback: REPORT_MESSAGES.imageNotImage });
    return refused.errors.image ?? refused.message;
  }
}

/** Field errors in the form's order (the error summary's order); the upload's own error wins for `image`. */
export function inFormOrder(order: readonly string[], found: Record<string, string>, imageError?: string): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const key of order) {
    const message = key === 'image' ? (imageError ?? found.image) : found[key];
    if (message) ordered[key] = message;
  }
  return ordered;
}

/**
 * After a change to what the public sees: the pages that list or show reports, the sitemap and the
 * feed, and an external API's cached answers (tag 'content', lib/backend). Pages, sitemap and feed
 * render per request today, so this mostly refreshes the staff member's own router cache; it keeps
 * them right if any of them is cached later. Server actions only (updateTag).
 */
export function revalidatePublicReports(slug: string): void {
  contentChanged();
  revalidatePath('/');
  revalidatePath('/highlights');
  revalidatePath(`/highlights/${encodeURIComponent(slug)}`);
  revalidatePath('/highlights/[slug]', 'page');
  revalidatePath('/sitemap.xml');
  revalidatePath('/highlights/feed.xml');
}
