import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * The offline gate's two actions (issue 29) against the built-in backend: without a staff
 * session they answer 'signed-out' (no redirect, so the phone keeps its queue); with one, the
 * download and a sync go through; a malformed sync is refused before the backend.
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
    expect(pack.ok && pack.pack.tickets).toHaveLength(1);

    for (const bad of [undefined, {}, { device, scans: [{ ...scan(reg.ticketReference), scannedAt: 'yesterday' }] }, { device, scans: Array.from({ length: 201 }, () => scan(reg.ticketReference)) }]) {
      expect(await syncGateAction(bad)).toEqual({ ok: false, reason: 'failed' });
    }
    const synced = await syncGateAction({ device, scans: [scan(reg.ticketReference)] });
    expect(synced.ok && synced.answer.results[0]?.result.status).toBe('checked-in');
    expect(synced.ok && synced.answer.counts.checkedInWristbands).toBe(2);
  });
});
