import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';
import { redirectOf } from '@/test/support/server-actions';
import { staffToken as signedInStaff } from '@/test/support/staff';

/**
 * The newsletter pages' actions (issue 31) against the built-in backend: each checks the admin
 * session itself (signed out: to the sign-in page; plain staff: to the dashboard; nothing stored),
 * Preview renders the sanitised Markdown without saving, Save creates the draft, and the confirmed
 * send goes once: a second press is told it was sent already.
 */
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);

vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { campaignEditorAction, sendCampaignAction, sendTestAction } = await import('./actions');
const { initialCampaignEditorState } = await import('@/components/staff/newsletter/campaign-editor-state');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe('the newsletter actions', () => {
  let database: TestDatabase;
  let adminToken: string;
  let staffToken: string;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
    // The first account is an admin; it adds a plain staff member through the admin API.
    adminToken = await signedInStaff(backend, database.handle, { email: 'boss@itan.example', name: 'Boss', password: 'boss-password-long' });
    const added = await postJson(backend, '/api/admin/staff/', { name: 'Gate', email: 'gate@itan.example', role: 'staff', password: 'gate-password-long' }, { Authorization: `Bearer ${adminToken}` });
    expect(added.status).toBe(201);
    staffToken = ((await (await postJson(backend, '/api/auth/login/', { email: 'gate@itan.example', password: 'gate-password-long' })).json()) as { token: string }).token;
    const at = new Date().toISOString();
    await database.handle.db.insertInto('newsletter_subscriptions').values({ id: crypto.randomUUID(), email: 'reader@example.com', created_at: at, confirmed_at: at }).execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const campaigns = () => database.handle.db.selectFrom('newsletter_campaigns').selectAll().execute();

  it('refuse a signed-out visitor and plain staff before doing anything', async () => {
    const fields = { subject: 'Hello', body: 'Body', intent: 'save' };
    token = undefined;
    expect(await redirectOf(campaignEditorAction(initialCampaignEditorState, form(fields)))).toMatch(/^\/staff\/login\?next=/);
    token = staffToken;
    expect(await redirectOf(campaignEditorAction(initialCampaignEditorState, form(fields)))).toBe('/staff');
    expect(await redirectOf(sendTestAction(undefined, form({ id: '00000000-0000-4000-8000-000000000000' })))).toBe('/staff');
    expect(await redirectOf(sendCampaignAction(undefined, form({ id: '00000000-0000-4000-8000-000000000000' })))).toBe('/staff');
    expect(await campaigns()).toHaveLength(0);
  });

  it('preview without saving, field errors with the answers kept, save, then send once', async () => {
    token = adminToken;
    const preview = await campaignEditorAction(initialCampaignEditorState, form({ subject: 'Hello', body: '# Hi\n\n*there*\n\n<script>alert(1)</script>', intent: 'preview' }));
    expect(preview.status).toBe('preview');
    expect(preview.data?.html).toContain('<h2>Hi</h2>\n<p><em>there</em></p>');
    expect(preview.data?.html).not.toContain('script');
    expect(await campaigns()).toHaveLength(0);

    const invalid = await campaignEditorAction(initialCampaignEditorState, form({ subject: '', body: 'Kept', intent: 'save' }));
    expect(invalid).toMatchObject({ status: 'error', errors: { subject: 'Enter a subject' }, values: { body: 'Kept' } });

    const created = await redirectOf(campaignEditorAction(initialCampaignEditorState, form({ subject: 'Hello', body: 'Body', intent: 'save' })));
    const id = /^\/staff\/newsletter\/([0-9a-f-]{36})\?done=created$/.exec(created)?.[1];
    expect(id).toBeDefined();
    expect(await redirectOf(sendTestAction(undefined, form({ id: id! })))).toBe(`/staff/newsletter/${id}?done=test`);
    expect(await redirectOf(sendCampaignAction(undefined, form({ id: id! })))).toBe(`/staff/newsletter/${id}?done=sending`);
    expect(await redirectOf(sendCampaignAction(undefined, form({ id: id! })))).toBe(`/staff/newsletter/${id}?done=already`);
    const changed = await campaignEditorAction(initialCampaignEditorState, form({ id: id!, subject: 'Too late', body: 'Body', intent: 'save' }));
    expect(changed).toMatchObject({ status: 'error', message: 'This campaign has been sent (or is being sent), so it can no longer be changed.' });
    expect((await campaigns())[0]).toMatchObject({ subject: 'Hello', status: 'sending', recipient_count: 1 });
  });
});
