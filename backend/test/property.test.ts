import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donationPayloadSchema,
  newsletterPayloadSchema,
  partnershipPayloadSchema,
  registrationPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import type { z } from 'zod';
import { buildApp, countRows, dbTargets, FORM_TABLES, postJson, validPayloads, type TestApp, type TestDatabase } from '@/test/support/databases';

/**
 * Random and malformed payloads at every form endpoint: never a 5xx, and a payload the shared
 * schema rejects never leaves a row behind.
 */
const endpoints: { path: keyof typeof FORM_TABLES; schema: z.ZodType; valid: () => Record<string, unknown> }[] = [
  { path: 'newsletter', schema: newsletterPayloadSchema, valid: validPayloads.newsletter },
  { path: 'registrations', schema: registrationPayloadSchema, valid: () => validPayloads.registration() },
  { path: 'partnerships', schema: partnershipPayloadSchema, valid: validPayloads.partnership },
  { path: 'donations', schema: donationPayloadSchema, valid: () => validPayloads.donation() },
  { path: 'volunteer', schema: volunteerPayloadSchema, valid: validPayloads.volunteer },
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '=1+1', '<script>', '9'.repeat(40), '-1', '1e309', 'NaN', '4084 0840 8408 4081'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A valid payload with some fields replaced by junk, removed, or a nested object swapped out. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.option(nasty, { nil: undefined })), { minLength: 1, maxLength: 4 })
    .map((changes) => {
      const out: Record<string, unknown> = structuredClone(valid);
      for (const [key, value] of changes) {
        if (value === undefined) delete out[key];
        else out[key] = value;
      }
      return out;
    });
}

const bodies = (valid: Record<string, unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: mutated(valid).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))) },
  );

describe.each(dbTargets)('form endpoints under random input on $name', (target) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await target.create();
    t = await buildApp(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(endpoints)('/api/forms/$path/: never 5xx, never stores invalid input', async ({ path, schema, valid }) => {
    const table = FORM_TABLES[path];
    await fc.assert(
      fc.asyncProperty(bodies(valid()), async (body) => {
        const before = await countRows(database.handle, table);
        const res = await postJson(t.app, `/api/forms/${path}/`, body);
        expect(res.status).toBeLessThan(500);
        const json = (await res.json()) as { success?: unknown };
        expect(typeof json.success).toBe('boolean');
        let parsedOk = false;
        try {
          const raw: unknown = JSON.parse(body);
          parsedOk = schema.safeParse(raw).success && typeof raw === 'object' && raw !== null && !('website' in raw && (raw as { website: unknown }).website);
        } catch {
          parsedOk = false;
        }
        const after = await countRows(database.handle, table);
        if (!parsedOk) {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(after).toBe(before);
        }
      }),
      { numRuns: target.name === 'sqlite' ? 80 : 40 },
    );
  });
});
