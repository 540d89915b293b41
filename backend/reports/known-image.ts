import type { MiddlewareHandler } from 'hono';
import { REPORT_MESSAGES } from '@/contract/api/reports';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../lib/http';
import type { AppEnv } from '../types';
import { imageMissing } from './service';

/**
 * After validJson: an editor's body that names an image (`imageId`) names one that is stored, or
 * the answer is the contract's 422 on the image field.
 */
export function knownImage<P extends string>(db: Db): MiddlewareHandler<AppEnv, P, { out: { json: { imageId?: string | undefined } } }> {
  return async (c, next) => {
    if (await imageMissing(db, c.req.valid('json').imageId)) return fail(c, 422, HTTP_MESSAGES.validation, { image: REPORT_MESSAGES.imageMissing });
    await next();
  };
}
