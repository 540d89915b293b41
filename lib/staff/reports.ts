import 'server-only';
import { revalidatePath, updateTag } from 'next/cache';
import { apiClient, CONTENT_CACHE_TAG, isApiError, readApiErrorBody, type PostResult } from '@/lib/backend';
import type { z } from 'zod';
import {
  adminReportListSchema,
  adminReportResultSchema,
  MEDIA_LIMITS,
  mediaResultSchema,
  REPORT_MESSAGES,
  type AdminReport,
  type ReportInput,
} from '@/contract/api/reports';

/**
 * The staff area's calls to /api/admin/reports/ and /api/admin/media/ (issue 17), with the
 * signed-in staff member's token (lib/backend sends it). Server-only: pages and actions use these.
 */
export const ADMIN_REPORTS_PATH = '/api/admin/reports/';
const reportPath = (id: string, verb?: 'publish' | 'unpublish') => `${ADMIN_REPORTS_PATH}${encodeURIComponent(id)}/${verb ? `${verb}/` : ''}`;

export async function listReports(): Promise<AdminReport[]> {
  return (await apiClient.get(ADMIN_REPORTS_PATH, { schema: adminReportListSchema })).results;
}

/** undefined for an unknown id (the page's notFound()). */
export async function getReport(id: string): Promise<AdminReport | undefined> {
  try {
    return (await apiClient.get(reportPath(id), { schema: adminReportResultSchema })).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export type ApiOutcome<T> = { ok: true; value: T } | { ok: false; status: number; message?: string; errors: Record<string, string> };

/** A refused call as field errors (the first message per field), or rethrown when it was no answer at all. */
function refused(error: unknown): ApiOutcome<never> {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) throw error;
  const details = readApiErrorBody(error.body);
  const errors: Record<string, string> = {};
  for (const [field, list] of Object.entries(details.errors ?? {})) if (list[0]) errors[field] = list[0];
  return { ok: false, status: error.status, message: details.message, errors };
}

export async function saveReport(id: string | undefined, input: ReportInput): Promise<ApiOutcome<AdminReport>> {
  try {
    const result = await apiClient.post(id ? reportPath(id) : ADMIN_REPORTS_PATH, input, { schema: adminReportResultSchema });
    return { ok: true, value: result.data };
  } catch (error) {
    return refused(error);
  }
}

export async function setReportStatus(id: string, verb: 'publish' | 'unpublish'): Promise<ApiOutcome<AdminReport>> {
  try {
    return { ok: true, value: (await apiClient.post(reportPath(id, verb), {}, { schema: adminReportResultSchema })).data };
  } catch (error) {
    return refused(error);
  }
}

/** Sends the file's bytes as they came; the backend decides by decoding them what they are. */
export async function uploadImage(file: File): Promise<ApiOutcome<{ id: string; url: string }>> {
  const data = Buffer.from(await file.arrayBuffer()).toString('base64');
  try {
    const result = await apiClient.post('/api/admin/media/', { data }, { schema: mediaResultSchema });
    return { ok: true, value: { id: result.mediaId, url: result.data.url } };
  } catch (error) {
    return refused(error);
  }
}

/**
 * An editor form's image field: a chosen file is uploaded and its id and url put into `values`
 * (so the form keeps it even if other fields are wrong); returns the message to show when it was
 * refused, undefined when it was taken or no file was chosen.
 */
export async function takeImageUpload(file: FormDataEntryValue | null, values: Record<string, unknown>): Promise<string | undefined> {
  if (!(file instanceof File) || file.size === 0) return undefined;
  if (file.size > MEDIA_LIMITS.maxBytes) return REPORT_MESSAGES.imageTooLarge;
  // No answer at all (the API down): the form says so and keeps what was typed.
  const uploaded = await uploadImage(file).catch(() => ({ ok: false as const, status: 0, message: REPORT_MESSAGES.failed, errors: {} as Record<string, string> }));
  if (!uploaded.ok) return uploaded.errors.image ?? uploaded.message ?? REPORT_MESSAGES.imageNotImage;
  values.imageId = uploaded.value.id;
  values.imageUrl = uploaded.value.url;
  return undefined;
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

/** Posts an editor's payload to an admin endpoint; a refusal comes back as the form's errors. */
export async function postEdit<S extends z.ZodType>(path: string, payload: unknown, schema: S): Promise<ApiOutcome<PostResult<S>>> {
  try {
    return { ok: true, value: await apiClient.post(path, payload, { schema }) };
  } catch (error) {
    return refused(error);
  }
}

/**
 * After a change to what the public sees: the pages that list or show reports, the sitemap and the
 * feed, and an external API's cached answers (tag 'content', lib/backend). Pages, sitemap and feed
 * render per request today, so this mostly refreshes the staff member's own router cache; it keeps
 * them right if any of them is cached later. Server actions only (updateTag).
 */
export function revalidatePublicReports(slug: string): void {
  updateTag(CONTENT_CACHE_TAG);
  revalidatePath('/');
  revalidatePath('/highlights');
  revalidatePath(`/highlights/${encodeURIComponent(slug)}`);
  revalidatePath('/highlights/[slug]', 'page');
  revalidatePath('/sitemap.xml');
  revalidatePath('/highlights/feed.xml');
}
