import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatePackResultSchema } from '@/contract/api/gate';
import { TICKET_REFERENCE_ALPHABET } from '@/contract/ticket-reference';
import type { BackendApp } from '../app';
import { buildApp, dbTargets, TEST_EDITION_KEY, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * What a gate phone downloads each minute at 5,000 tickets (issue 41), on SQLite and PostgreSQL:
 * the whole pack the first time; then, with nothing changed and the pack's ETag sent back, a 304
 * with an empty body. The sizes are printed for docs/gate.md.
 */
const TICKETS = 5_000;
/** The test edition's key (test/support/edition-env.ts): what registrations.edition holds. */
const EDITION = TEST_EDITION_KEY;

/** The i-th reference of the alphabet's counting: distinct, and valid like any drawn one. */
function reference(i: number): string {
  let code = '';
  for (let n = i, k = 0; k < 6; k++, n = Math.floor(n / TICKET_REFERENCE_ALPHABET.length)) code = TICKET_REFERENCE_ALPHABET[n % TICKET_REFERENCE_ALPHABET.length] + code;
  return `ITN-${code}`;
}

describe.each(dbTargets)('the gate pack at 5,000 tickets on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let token: string;

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle)).app;
    token = await staffToken(app, database.handle);
    // In bulk, 500 rows a statement: a festival mid-morning, a third of its tickets in, some given back.
    const at = '2025-10-01T09:00:00.000Z';
    const rows = Array.from({ length: TICKETS }, (_, i) => ({
      id: `bulk-${i}`,
      ticket_reference: reference(i),
      first_name: 'Bulk',
      last_name: `Visitor ${i}`,
      email: `bulk-${i}@example.com`,
      phone: '08012345678',
      number_of_tickets: (i % 4) + 1,
      submitted_at: at,
      created_at: at,
      edition: EDITION,
      checked_in_at: i % 3 === 0 ? '2025-10-24T09:30:00.000Z' : null,
      checked_in_by: i % 3 === 0 ? 'Gate Volunteer' : null,
      cancelled_at: i % 50 === 1 ? '2025-10-20T12:00:00.000Z' : null,
    }));
    for (let i = 0; i < rows.length; i += 500) await database.handle.db.insertInto('registrations').values(rows.slice(i, i + 500)).execute();
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  const download = (headers: Record<string, string> = {}) => app.request('/api/admin/check-ins/offline/', { headers: { Authorization: `Bearer ${token}`, ...headers } });

  it('is downloaded whole once; asked again with its ETag and nothing changed, it is a 304 with no body', async () => {
    let started = performance.now();
    const first = await download();
    const firstMs = performance.now() - started;
    expect(first.status).toBe(200);
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(gatePackResultSchema.parse(JSON.parse(body.toString('utf8'))).data.tickets).toHaveLength(TICKETS);

    started = performance.now();
    const again = await download({ 'If-None-Match': etag! });
    const againMs = performance.now() - started;
    expect(again.status).toBe(304);
    const empty = Buffer.from(await again.arrayBuffer());
    expect(empty.byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);

    const gzipped = gzipSync(body).byteLength;
    console.log(
      `[gate pack, ${target.name}] ${TICKETS} tickets: ${body.byteLength} bytes of JSON (${gzipped} gzipped), built in ${firstMs.toFixed(0)} ms. ` +
        `A phone refreshing each minute with nothing changed: before, ${body.byteLength} bytes a minute (${gzipped} gzipped); ` +
        `now a 304 with ${empty.byteLength} bytes of body (answered in ${againMs.toFixed(0)} ms).`,
    );
    // About 20 bytes a ticket: a regression here is a pack that grew a field per ticket.
    expect(body.byteLength).toBeLessThan(TICKETS * 30);
  });
});
