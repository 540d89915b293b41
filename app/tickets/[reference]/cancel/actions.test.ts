import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redirectOf } from '@/test/support/server-actions';
import { idleState } from '@/contract/forms/form-state';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';
import { offerLinkToken, setCapacity } from '@/test/support/waiting-list';

/**
 * The give-back and offer actions against the built-in backend (issue 28): where each answer
 * leads. Given back (or given back already): the ticket page. Refused: the confirmation step again
 * with the reason. An offer taken: the registration's thank-you page with the ticket; a spent one:
 * the form's message.
 */
vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());

let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;

vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend));

const { giveBackAction } = await import('./actions');
const { claimOfferAction } = await import('@/app/register/offer/[id]/actions');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe('giving back and taking an offer through the site’s actions', () => {
  let database: TestDatabase;
  let config: Awaited<ReturnType<typeof buildApp>>['config'];

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    ({ app: backend, config } = await buildApp(database.handle, { env: { REGISTRATION_CAPACITY: '1', TICKET_SECRET: 'actions-test-secret-long' } }));
  });
  afterAll(async () => {
    await database?.drop();
  });

  const register = async (email: string) => {
    const body = (await (await postJson(backend!, '/api/forms/registrations/', { ...validPayloads.registration(1), email })).json()) as { ticketReference: string; ticketUrl: string };
    return { reference: body.ticketReference, token: new URL(body.ticketUrl, 'http://x').searchParams.get('t')! };
  };

  it('gives back, offers the place, and the offer’s form registers the waiting person once', async () => {
    const ticket = await register('holder@example.com');
    expect((await postJson(backend!, '/api/forms/waiting-list/', { name: 'Wale Adeyemi', email: 'wale@example.com', numberOfTickets: 1 })).status).toBe(201);

    const ticketPage = `/tickets/${ticket.reference}?t=${ticket.token}`;
    expect(await redirectOf(giveBackAction(form({ reference: ticket.reference, token: ticket.token })))).toBe(ticketPage);
    // A second press (JavaScript off, the back button): the ticket page all the same.
    expect(await redirectOf(giveBackAction(form({ reference: ticket.reference, token: ticket.token })))).toBe(ticketPage);

    const entry = await database.handle.db.selectFrom('waiting_list').selectAll().executeTakeFirstOrThrow();
    expect(entry.status).toBe('offered');
    const token = offerLinkToken('actions-test-secret-long', entry);
    const claim = form({ offerId: entry.id, token, firstName: 'Wale', lastName: 'Adeyemi', phone: '0803 123 4567' });
    expect(await redirectOf(claimOfferAction(idleState, claim))).toMatch(/^\/registration\/thank-you\?tickets=1&ref=ITN-[A-Z0-9]{6}&t=[A-Za-z0-9_-]{22}$/);
    const again = await claimOfferAction(idleState, form({ offerId: entry.id, token, firstName: 'Wale', lastName: 'Adeyemi', phone: '0803 123 4567' }));
    expect(again).toMatchObject({ status: 'error', message: WAITING_LIST_MESSAGES.offerUsed });
    const forged = await claimOfferAction(idleState, form({ offerId: entry.id, token: 'A'.repeat(22), firstName: 'Wale', lastName: 'Adeyemi', phone: '0803 123 4567' }));
    expect(forged).toMatchObject({ status: 'error', message: WAITING_LIST_MESSAGES.offerNotFound });
    const empty = await claimOfferAction(idleState, form({ offerId: entry.id, token, firstName: '', lastName: 'Adeyemi', phone: '' }));
    expect(Object.keys(empty.errors)).toEqual(['firstName', 'phone']);
  });

  it('a ticket checked in cannot be given back: the confirmation step again, with the reason', async () => {
    // Sold out after the first test: staff make room for this one.
    await setCapacity(database.handle, 10);
    const used = await register('used2@example.com');
    await database.handle.db.updateTable('registrations').set({ checked_in_at: new Date().toISOString() }).where('ticket_reference', '=', used.reference).execute();
    expect(await redirectOf(giveBackAction(form({ reference: used.reference, token: used.token })))).toBe(
      `/tickets/${used.reference}/cancel?t=${encodeURIComponent(used.token)}&refused=checked-in`,
    );
    expect(await redirectOf(giveBackAction(form({ reference: 'nonsense', token: used.token })))).toBe('/tickets/resend');
  });

  it('from the festival’s first day (Lagos time) nothing is given back: the confirmation step again, saying why (issue 41)', async () => {
    const mine = await register('on-the-day@example.com');
    const clock = config.now;
    try {
      config.now = () => new Date('2025-10-24T00:00:00+01:00');
      expect(await redirectOf(giveBackAction(form({ reference: mine.reference, token: mine.token })))).toBe(
        `/tickets/${mine.reference}/cancel?t=${encodeURIComponent(mine.token)}&refused=festival-started`,
      );
    } finally {
      config.now = clock;
    }
    expect((await database.handle.db.selectFrom('registrations').select('cancelled_at').where('ticket_reference', '=', mine.reference).executeTakeFirstOrThrow()).cancelled_at).toBeNull();
  });
});
