import type { MiddlewareHandler } from 'hono';
import { REPORT_MESSAGES } from '@/contract/api/reports';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../kernel/http';
import type { AppEnv } from '../kernel/deps';

export async function mediaExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** True when the edit names an image that is not stored (an editor's 422). */
export async function imageMissing(db: Db, imageId: string | undefined): Promise<boolean> {
  return Boolean(imageId) && !(await mediaExists(db, imageId!));
}

/**
 * After validJson: an editor's body that names an image (`imageId`) names one that is stored, or
 * the answer is the contract's 422 on the image field. Used by the report and content editors.
 */
export function knownImage<P extends string>(db: Db): MiddlewareHandler<AppEnv, P, { out: { json: { imageId?: string | undefined } } }> {
  return async (c, next) => {
    if (await imageMissing(db, c.req.valid('json').imageId)) return fail(c, 422, HTTP_MESSAGES.validation, { image: REPORT_MESSAGES.imageMissing });
    await next();
  };
}
