import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, dbTargets, TEST_EDITION_KEY, type TestDatabase } from '@/test/support/databases';
import { redirectOf } from '@/test/support/server-actions';
import { staffToken as signedInStaff } from '@/test/support/staff';

/**
 * The announcement page's actions (issue 43) against the built-in backend: an announcement is
 * written in the announcements' words and sent once to the edition's holder; the reminder's and
 * thank-you's settings form (two on one page, fields named by purpose) keeps what was typed on an
 * error and saves, switched off when its box is not ticked.
 */
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);

vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { announcementEditorAction, sendAnnouncementAction, holderMailingAction } = await import('./actions');
const { initialCampaignEditorState } = await import('@/components/staff/newsletter/campaign-editor-state');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const idle = { status: 'idle' as const, errors: {}, values: {}, seq: 0 };

describe('the announcement actions', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
    token = await signedInStaff(backend, database.handle, { email: 'boss@itan.example', name: 'Boss', password: 'boss-password-long' });
    const at = '2025-08-01T10:00:00.000Z';
    await database.handle.db
      .insertInto('registrations')
      .values({ id: crypto.randomUUID(), ticket_reference: 'ITN-AAAAAA', first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone: '+2348012345678', number_of_tickets: 1, submitted_at: at, created_at: at, edition: TEST_EDITION_KEY })
      .execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('an announcement in its own words, sent once to the edition’s holder', async () => {
    const invalid = await announcementEditorAction(initialCampaignEditorState, form({ subject: 'Gate', body: ' ', intent: 'save' }));
    expect(invalid).toMatchObject({ status: 'error', errors: { body: 'Write the announcement' }, values: { subject: 'Gate' } });
    const created = await redirectOf(announcementEditorAction(initialCampaignEditorState, form({ subject: 'Gate', body: 'South gate.', intent: 'save' })));
    const id = /^\/staff\/announcements\/([0-9a-f-]{36})\?done=created$/.exec(created)?.[1];
    expect(id).toBeDefined();
    expect(await redirectOf(sendAnnouncementAction(undefined, form({ id: id! })))).toBe(`/staff/announcements/${id}?done=sending`);
    expect(await redirectOf(sendAnnouncementAction(undefined, form({ id: id! })))).toBe(`/staff/announcements/${id}?done=already`);
    const row = await database.handle.db.selectFrom('newsletter_campaigns').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ audience: 'ticket-holders', audience_key: TEST_EDITION_KEY, recipient_count: 1, status: 'sending' });
  });

  it('the reminder’s settings: errors keep what was typed, then saved and switched off (audited)', async () => {
    const bad = await holderMailingAction(idle, form({ purpose: 'reminder', 'reminder-enabled': 'on', 'reminder-daysBefore': '40', 'reminder-subject': 'Soon', 'reminder-body': 'Come.' }));
    expect(bad).toMatchObject({ status: 'error', for: 'reminder', errors: { daysBefore: 'Enter a whole number of days from 1 to 14' }, values: { subject: 'Soon', daysBefore: '40' } });
    const saved = await redirectOf(holderMailingAction(idle, form({ purpose: 'reminder', 'reminder-daysBefore': '3', 'reminder-subject': 'Soon', 'reminder-body': 'Come.' })));
    expect(saved).toBe('/staff/announcements?done=reminder#reminder');
    expect(await database.handle.db.selectFrom('holder_mailings').selectAll().execute()).toMatchObject([{ purpose: 'reminder', enabled: 0, days_before: 3, subject: 'Soon', body: 'Come.' }]);
    const audit = await database.handle.db.selectFrom('audit_log').select(['action', 'summary']).where('action', '=', 'announcement.reminder.settings').execute();
    expect(audit).toEqual([{ action: 'announcement.reminder.settings', summary: 'The reminder (3 days before) to ticket holders switched off, text saved' }]);
  });
});
