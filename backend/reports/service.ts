import { MEDIA_LIMITS, mediaUploadSchema, REPORT_MESSAGES, type AdminReport, type ReportInput } from '@/contract/api/reports';
import { recordAudit } from '../audit/log';
import type { Db, DbDialect } from '../db/schema';
import { claimUpload } from '../media/upload-quota';
import type { StaffUser } from '../kernel/deps';
import { processImage } from './process-image';
import { createReport, insertMedia, setReportStatus, updateReport } from './queries';

/**
 * Report publishing and image uploads (issue 17): each change and its audit record share one
 * transaction, so a change that rolls back leaves no record and a recorded change happened.
 */

export async function createReportAudited(db: Db, staff: StaffUser, input: ReportInput): Promise<AdminReport> {
  return db.transaction().execute(async (trx) => {
    const created = await createReport(trx, input);
    await recordAudit(trx, staff, { action: 'report.create', targetType: 'report', targetId: created.id, summary: created.title });
    return created;
  });
}

/** The saved report, or undefined when there is no such report. */
export async function updateReportAudited(db: Db, staff: StaffUser, id: string, input: ReportInput): Promise<AdminReport | undefined> {
  return db.transaction().execute(async (trx) => {
    const updated = await updateReport(trx, id, input);
    if (updated) await recordAudit(trx, staff, { action: 'report.update', targetType: 'report', targetId: id, summary: updated.title });
    return updated;
  });
}

export const REPORT_STATUS_CHANGES = {
  publish: { status: 'published', message: REPORT_MESSAGES.published },
  unpublish: { status: 'draft', message: REPORT_MESSAGES.unpublished },
} as const;
export type ReportStatusChange = keyof typeof REPORT_STATUS_CHANGES;

/** Publishes or unpublishes; undefined when there is no such report. */
export async function changeReportStatus(db: Db, staff: StaffUser, id: string, verb: ReportStatusChange): Promise<AdminReport | undefined> {
  return db.transaction().execute(async (trx) => {
    const changed = await setReportStatus(trx, id, REPORT_STATUS_CHANGES[verb].status);
    if (changed) await recordAudit(trx, staff, { action: `report.${verb}`, targetType: 'report', targetId: id, summary: changed.title });
    return changed;
  });
}

export type UploadResult =
  | { ok: true; media: { id: string; width: number; height: number; contentType: string } }
  | { ok: false; status: 413 | 422; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * An upload (`{ data: <base64> }`): checked, processed (process-image.ts) and stored with its
 * audit record. Every refusal names the image: too large (413), not an image (422), or the staff
 * member's uploads for the hour used up (429, `uploadsPerHour`: MEDIA_UPLOADS_PER_HOUR; 0, no limit).
 */
export async function uploadMedia(db: Db, dialect: DbDialect, staff: StaffUser, body: unknown, { uploadsPerHour }: { uploadsPerHour: number }): Promise<UploadResult> {
  const parsed = mediaUploadSchema.safeParse(body);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.code === 'too_big');
    return tooLong ? { ok: false, status: 413, message: REPORT_MESSAGES.imageTooLarge } : { ok: false, status: 422, message: REPORT_MESSAGES.imageNotImage };
  }
  const input = Buffer.from(parsed.data.data, 'base64');
  if (input.byteLength > MEDIA_LIMITS.maxBytes) return { ok: false, status: 413, message: REPORT_MESSAGES.imageTooLarge };
  // Claimed before anything is decoded: decoding is what the limit bounds.
  const claim = await claimUpload(db, dialect, staff.id, uploadsPerHour);
  if (!claim.allowed) return { ok: false, status: 429, message: REPORT_MESSAGES.imageQuotaReached, retryAfterSeconds: claim.retryAfterSeconds };
  const processed = await processImage(input);
  if (!processed.ok) return processed;
  const id = await db.transaction().execute(async (trx) => {
    const mediaId = await insertMedia(trx, { ...processed, createdBy: staff.id });
    await recordAudit(trx, staff, { action: 'media.upload', targetType: 'media', targetId: mediaId, summary: `${processed.width}×${processed.height} image` });
    return mediaId;
  });
  return { ok: true, media: { id, width: processed.width, height: processed.height, contentType: processed.contentType } };
}
