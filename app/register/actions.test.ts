import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redirectOf } from '@/test/support/server-actions';
import { idleState } from '@/contract/forms/form-state';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import { buildApp, dbTargets, type TestDatabase } from '@/test/support/databases';

/**
 * The register form's action against the built-in backend (issue 32): a second registration with
 * the same address comes back as the form's error state, the backend's message on the email field
 * (the error summary links it), the answers kept; the first one goes to the thank-you page.
 */
vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());

let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;

vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend));

const { registerAction } = await import('./actions');

function form(email: string, tickets = '2'): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'Ada', lastName: 'Obi', email, phone: '0803 123 4567', numberOfTickets: tickets })) data.set(k, v);
  return data;
}

describe('registerAction with a registered address', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the first registration goes to the thank-you page; the second is the form again, saying the ticket was sent again', async () => {
    expect(await redirectOf(registerAction(idleState, form('ada.action@example.com')))).toMatch(/^\/registration\/thank-you\?tickets=2&ref=ITN-/);

    const state = await registerAction(idleState, form('Ada.Action@example.com ', '5'));
    // The summary says it once, as the email field's link (a message repeating a field's error is folded into it).
    expect(state).toMatchObject({
      status: 'error',
      errors: { email: REGISTRATION_MESSAGES.alreadyRegisteredResent },
      message: REGISTRATION_MESSAGES.alreadyRegisteredResent,
      values: { firstName: 'Ada', email: 'Ada.Action@example.com ', numberOfTickets: '5' },
    });

    // Once the resend cap is spent, the refusal says so.
    await registerAction(idleState, form('ada.action@example.com'));
    await registerAction(idleState, form('ada.action@example.com'));
    expect((await registerAction(idleState, form('ada.action@example.com'))).errors).toEqual({ email: REGISTRATION_MESSAGES.alreadyRegistered });
  });
});
