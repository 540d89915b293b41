import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * The offline gate's two actions (issue 29) against the built-in backend: without a staff
 * session they answer 'signed-out' (no redirect, so the phone keeps its queue); with one, the
 * download (or "unchanged", asked with the pack's ETag) and a sync go through; a malformed sync
 * or ETag is refused before the backend.
 */
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);

vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { loadGatePackAction, syncGateAction } = await import('./gate-actions');

describe('the offline gate’s actions', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const device = { id: 'phone-0001-test', name: 'North door' };
  const scan = (reference: string) => ({ id: crypto.randomUUID(), reference, scannedAt: new Date().toISOString(), offline: true });

  it('answer signed-out without a session, and change nothing', async () => {
    token = undefined;
    expect(await loadGatePackAction()).toEqual({ ok: false, reason: 'signed-out' });
    expect(await syncGateAction({ device, scans: [scan('ITN-ZZZZZZ')] })).toEqual({ ok: false, reason: 'signed-out' });
    expect(await database.handle.db.selectFrom('gate_scans').selectAll().execute()).toHaveLength(0);
  });

  it('download the pack and sync a scan for signed-in staff; refuse a malformed sync', async () => {
    token = await staffToken(backend!, database.handle);
    const reg = (await (await postJson(backend!, '/api/forms/registrations/', { ...validPayloads.registration(2), email: 'visitor@example.com' })).json()) as { ticketReference: string };

    const pack = await loadGatePackAction();
    if (!pack.ok || !pack.changed) throw new Error(`no pack: ${JSON.stringify(pack)}`);
    expect(pack.pack.tickets).toHaveLength(1);
    expect(pack.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);

    // Asked with the pack's ETag and nothing changed: keep it, issued as of now (no list sent).
    const before = new Date().toISOString();
    const unchanged = await loadGatePackAction({ etag: pack.etag! });
    expect(unchanged).toEqual({ ok: true, changed: false, issuedAt: expect.any(String) });
    expect(unchanged.ok && !unchanged.changed && unchanged.issuedAt >= before).toBe(true);
    expect(await loadGatePackAction({ etag: '"another"' })).toMatchObject({ ok: true, changed: true, etag: pack.etag });
    for (const bad of [{ etag: 'not quoted' }, { etag: `"${'x'.repeat(300)}"` }, 'text', 5]) expect(await loadGatePackAction(bad)).toEqual({ ok: false, reason: 'failed' });

    for (const bad of [undefined, {}, { device, scans: [{ ...scan(reg.ticketReference), scannedAt: 'yesterday' }] }, { device, scans: Array.from({ length: 201 }, () => scan(reg.ticketReference)) }]) {
      expect(await syncGateAction(bad)).toEqual({ ok: false, reason: 'failed' });
    }
    const synced = await syncGateAction({ device, scans: [scan(reg.ticketReference)] });
    expect(synced.ok && synced.answer.results[0]?.result.status).toBe('checked-in');
    expect(synced.ok && synced.answer.counts.checkedInWristbands).toBe(2);
    // A check-in changes the pack: the old tag brings the new one.
    expect(await loadGatePackAction({ etag: pack.etag! })).toMatchObject({ ok: true, changed: true, pack: { counts: { checkedInWristbands: 2 } } });
  });
});
