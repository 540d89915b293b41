import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redirectOf } from '@/test/support/server-actions';
import { idleState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { MESSAGES } from '@/contract/forms/messages';
import { CONTACT_TOPICS } from '@/contract/festival';
import { buildApp, countRows, dbTargets, type TestDatabase } from '@/test/support/databases';

/**
 * The one server action of the stored forms, bound to each form's name by its page, against the
 * built-in backend: each name posts its own form to its own table and thank-you page; a name that
 * is no stored form (the post carries it) answers the submit-level message and stores nothing.
 */
vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());

let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;

vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend));

const { submitStoredForm } = await import('./stored-form-action');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  data.set('idempotencyKey', crypto.randomUUID());
  return data;
}

const person = { firstName: 'Ada', lastName: 'Obi', phone: '0803 123 4567' };

describe('submitStoredForm', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('bound to a form, posts that form: its table, its thank-you page', async () => {
    const proposal = 'We would like to sponsor the children’s reading tent with books and volunteers for both festival days.';
    expect(await redirectOf(submitStoredForm('partnership', idleState, form({ ...person, email: 'ada.partner@example.org', organization: 'Ake Books', proposal })))).toBe('/partnerships/thank-you');
    expect(await countRows(database.handle, 'partnerships')).toBe(1);
    expect(await redirectOf(submitStoredForm('contact', idleState, form({ name: 'Ada Obi', email: 'ada.contact@example.org', topic: CONTACT_TOPICS[0].value, message: 'When do the doors open on the first day of the festival?' })))).toBe('/contact/thank-you');
    const contacts = await database.handle.db.selectFrom('contact_messages').select('email').execute();
    expect(contacts.map((c) => c.email)).toEqual(['ada.contact@example.org']);
  });

  it('checks the answers with its own form’s rules, and keeps them', async () => {
    const state = await submitStoredForm('partnership', idleState, form({ ...person, email: 'not an address', proposal: 'short' }));
    expect(state).toMatchObject({ status: 'error', errors: { email: MESSAGES.email, proposal: MESSAGES.proposalMinimum } });
    expect(state.values).toMatchObject({ email: 'not an address', proposal: 'short' });
  });

  it('a name that is no stored form answers the submit-level message and stores nothing', async () => {
    const before = await countRows(database.handle, 'partnerships');
    for (const name of ['registration', '__proto__', 'constructor', 'toString', '']) {
      const state = await submitStoredForm(name as never, idleState, form({ ...person, email: 'x@example.org', proposal: 'x'.repeat(60) }));
      expect(state, name).toMatchObject({ status: 'error', message: SUBMIT_MESSAGES.unexpected });
    }
    expect(await countRows(database.handle, 'partnerships')).toBe(before);
  });
});
