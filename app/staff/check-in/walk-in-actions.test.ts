import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WALK_IN_MESSAGES, type WalkIn } from '@/contract/api/walk-ins';
import type { FormState } from '@/contract/forms/form-state';
import { MESSAGES } from '@/contract/forms/messages';
import { buildApp, dbTargets, type TestDatabase } from '@/test/support/databases';
import { redirectOf } from '@/test/support/server-actions';
import { staffToken } from '@/test/support/staff';

/**
 * The gate's walk-in action (issue 41) against the built-in backend: the session checked here
 * (signed out: to the sign-in page, nothing stored); the registration's schema (fields in the
 * form's order, answers kept); one walk-in per Idempotency-Key, every answer bringing the next
 * key; sold out in the registration's own words.
 */
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);

vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { walkInAction } = await import('./actions');

const idle: FormState<WalkIn> = { status: 'idle', errors: {}, values: {}, seq: 0 };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const visitor = (email: string, numberOfTickets = '2', idempotencyKey = crypto.randomUUID()) => ({
  firstName: 'Femi',
  lastName: 'Walker',
  email,
  phone: '0803 123 4567',
  numberOfTickets,
  idempotencyKey,
});

describe('the walk-in action', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle, { env: { REGISTRATION_CAPACITY: '3' } })).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const registrations = () => database.handle.db.selectFrom('registrations').select(['ticket_reference', 'number_of_tickets', 'checked_in_by']).execute();

  it('signed out: to the sign-in page, back to the gate after; nothing stored', async () => {
    token = undefined;
    expect(await redirectOf(walkInAction(idle, form(visitor('nobody@example.com'))))).toBe('/staff/login?next=%2Fstaff%2Fcheck-in');
    expect(await registrations()).toEqual([]);
  });

  it('registers and checks in once per key; every answer brings a fresh key; sold out in the registration’s words', async () => {
    token = await staffToken(backend!, database.handle, { email: 'ada@itan.example', name: 'Ada Gate', password: 'ada-gate-password' });

    // The registration's checks, in the form's order, the answers kept, and a key for the next try.
    const invalid = await walkInAction(idle, form({ ...visitor('not-an-email', '11'), firstName: '', phone: '12' }));
    expect(invalid).toMatchObject({ status: 'error', values: { email: 'not-an-email', numberOfTickets: '11', phone: '12' } });
    expect(Object.entries(invalid.errors)).toEqual([
      ['firstName', MESSAGES.required],
      ['email', MESSAGES.email],
      ['phone', MESSAGES.phone],
      ['numberOfTickets', MESSAGES.ticketsRange],
    ]);
    expect(invalid.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await registrations()).toEqual([]);

    const key = crypto.randomUUID();
    const done = await walkInAction(invalid, form(visitor('femi@example.com', '2', key)));
    expect(done.status).toBe('success');
    const reference = done.data!.ticket.reference;
    expect(done.message).toBe(WALK_IN_MESSAGES.done(reference, 2));
    expect(done.data).toMatchObject({ ticket: { firstName: 'Femi', lastName: 'Walker', numberOfTickets: 2 }, checkedInBy: 'Ada Gate' });
    expect(done.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.idempotencyKey).not.toBe(key);
    expect(await registrations()).toEqual([{ ticket_reference: reference, number_of_tickets: 2, checked_in_by: 'Ada Gate' }]);

    // The same form posted again (the same key): the same walk-in, not a second one.
    const again = await walkInAction(done, form(visitor('femi@example.com', '2', key)));
    expect(again).toMatchObject({ status: 'success', data: { ticket: { reference } } });
    expect(await registrations()).toHaveLength(1);

    // One place left of three: two is refused in the registration's words, on the number's field.
    const tooMany = await walkInAction(again, form(visitor('second@example.com', '2')));
    expect(tooMany).toMatchObject({ status: 'error', message: 'Only 1 wristband is left for this edition. Please choose fewer tickets.', values: { email: 'second@example.com' } });
    expect(Object.keys(tooMany.errors)).toEqual(['numberOfTickets']);
    expect((await walkInAction(tooMany, form(visitor('second@example.com', '1')))).status).toBe('success');
    const soldOut = await walkInAction(idle, form(visitor('third@example.com', '1')));
    expect(soldOut).toMatchObject({ status: 'error', message: 'Registration is full: all wristbands for this edition have been claimed.' });
    expect(soldOut.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await registrations()).toHaveLength(2);
  });
});
