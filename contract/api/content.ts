import { z } from 'zod';
import { text } from '@/contract/text';
import { editionStatusSchema } from '@/contract/edition';
import { podcastSchema, programSchema } from '@/contract/content/schemas';

/**
 * The public content's part of the /api contract (spec §7) that contract/content/schemas.ts does
 * not already hold: list answers, the highlights' query, and the edition's status (ours, issue 28).
 */

/** A list endpoint may answer with a plain array or a paged `{ results }` object. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.object({ results: z.array(item) }).transform((r) => r.results)]);
}
export const programListSchema = listOf(programSchema);
export const podcastListSchema = listOf(podcastSchema);

const MAX_PAGE_SIZE = 100;

/** A whole number in a query string, within bounds; the messages are the forms' (spec §8). */
const intParam = (min: number, max: number) =>
  text()
    .trim()
    .regex(/^\d{1,6}$/, 'Invalid value')
    .transform(Number)
    .pipe(z.number().int().min(min, `Minimum value is ${min}`).max(max, `Maximum value is ${max}`))
    .optional();

/** GET /api/content/highlights/?category=&limit=&page= (the backend answers 400 otherwise). */
export const highlightQuerySchema = z.object({
  category: text().trim().max(100).optional(),
  limit: intParam(1, MAX_PAGE_SIZE),
  page: intParam(1, 100_000),
});
/** GET /api/content/highlights/featured/?limit= */
export const featuredQuerySchema = z.object({ limit: intParam(1, MAX_PAGE_SIZE) });

/** GET /api/edition/ → where the festival's year stands (built-in backend only). */
export const editionStatusResultSchema = z.object({ success: z.literal(true), data: editionStatusSchema });
