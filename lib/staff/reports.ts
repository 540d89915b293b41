import 'server-only';
import { revalidatePath, updateTag } from 'next/cache';
import { apiClient, CONTENT_CACHE_TAG, isApiError, readApiErrorBody } from '@/lib/api';
import {
  adminReportListSchema,
  adminReportResultSchema,
  mediaResultSchema,
  type AdminReport,
  type ReportInput,
} from '@/lib/contract/reports';

/**
 * The staff area's calls to /api/admin/reports/ and /api/admin/media/ (issue 17), with the
 * signed-in staff member's token (lib/api sends it). Server-only: pages and actions use these.
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
 * After a change to what the public sees: the pages that list or show reports, the sitemap and the
 * feed, and an external API's cached answers (tag 'content', lib/api). Pages, sitemap and feed
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
