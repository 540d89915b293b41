import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idleState } from '@/contract/forms/form-state';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import { buildApp, dbTargets, type TestDatabase } from '@/test/support/databases';

/**
 * The register form's action against the built-in backend (issue 32): a second registration with
 * the same address comes back as the form's error state, the backend's message on the email field
 * (the error summary links it), the answers kept; the first one goes to the thank-you page.
 */
class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}

vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
}));

let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;

vi.mock('@/lib/backend', async () => {
  const errors = await import('@/lib/backend/errors');
  const { createApiClient } = await import('@/lib/backend/client');
  const apiClient = createApiClient({ baseUrl: 'http://backend.test', fetch: async (request) => backend!.fetch(request) });
  return { apiClient, ApiError: errors.ApiError, isApiError: errors.isApiError, readApiErrorBody: errors.readApiErrorBody };
});

const { registerAction } = await import('./actions');

function form(email: string, tickets = '2'): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'Ada', lastName: 'Obi', email, phone: '0803 123 4567', numberOfTickets: tickets })) data.set(k, v);
  return data;
}

async function redirectOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Redirected) return error.url;
    throw error;
  }
  throw new Error('expected a redirect');
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
