import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { aboutFallback } from '@/contract/fallbacks/about';
import { visitFallback } from '@/contract/fallbacks/visit';
import type { BackendApp } from '../app';
import { createApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { seedContent } from '../db/seed';
import { silentLogger } from '../kernel/log';
import { createSandboxGateway } from '../payments';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Content entries (issue 40) on SQLite and PostgreSQL: seeded once from the fallbacks and served
 * published; staff add, save, publish, unpublish, reorder and delete, each audited; the public sees
 * only what is published; every write checks the kind's fields; a second instance sees the same.
 */
describe.each(dbTargets)('content entries on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let other: BackendApp;
  let token: string;

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const publicList = async (kind: string, a = app) => {
    const res = await a.request(`/api/content/entries/${kind}/`);
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).entries as { id: string; data: Json }[];
  };
  const adminList = async (kind: string) => ((await (await app.request(`/api/admin/entries/${kind}/`, { headers: auth() })).json()) as Json).data.entries as Json[];
  const post = (path: string, body: unknown = {}) => postJson(app, path, body, auth());
  const audits = (action: string) => database.handle.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    database = await target.create();
    const built = await buildApp(database.handle);
    app = built.app;
    // A second instance over the same database (its own connection and app), as on two servers.
    const again = database.connectAgain();
    other = createApp({ db: again.db, dialect: again.dialect, config: built.config, gateway: createSandboxGateway(), log: silentLogger });
    await upsertStaffUser(database.handle.db, { email: 'editor@itan.example', name: 'Ada Editor', password: 'editor-password-long' });
    const res = await postJson(app, '/api/auth/login/', { email: 'editor@itan.example', password: 'editor-password-long' });
    token = ((await res.json()) as Json).token as string;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds every kind from its fallback, published, in order', async () => {
    const team = await publicList('team');
    expect(team.map((e) => e.data.name)).toEqual(aboutFallback.team.map((m) => m.name));
    expect((await publicList('faq')).map((e) => e.data.question)).toEqual(visitFallback.faq.map((f) => f.question));
    const about = await publicList('about');
    expect(about).toEqual([{ id: 'main', data: { mission: aboutFallback.mission, vision: aboutFallback.vision } }]);
    for (const kind of Object.keys(CONTENT_KINDS)) expect((await app.request(`/api/content/entries/${kind}/`)).status, kind).toBe(200);
  });

  it('refuses an unknown kind, and the staff side without a session', async () => {
    expect((await app.request('/api/content/entries/constructor/')).status).toBe(404);
    expect((await app.request('/api/content/entries/nope/')).status).toBe(404);
    expect((await app.request('/api/admin/entries/team/')).status).toBe(401);
    expect((await postJson(app, '/api/admin/entries/team/', { data: { name: 'X', role: 'Y' } })).status).toBe(401);
  });

  it('a new entry is a draft: the public does not see it until it is published; unpublished it goes again', async () => {
    const created = await post('/api/admin/entries/faq/', { data: { question: '  Can I bring my children? ', answer: 'Yes: the Young Readers tent is for them.' } });
    expect(created.status).toBe(201);
    const entry = ((await created.json()) as Json).data;
    expect(entry).toMatchObject({ status: 'draft', published: null, draft: { question: 'Can I bring my children?' } });
    expect((await publicList('faq')).some((e) => e.id === entry.id)).toBe(false);

    const published = await post(`/api/admin/entries/faq/${entry.id}/publish/`);
    expect(((await published.json()) as Json).data.status).toBe('published');
    expect((await publicList('faq')).at(-1)).toEqual({ id: entry.id, data: { question: 'Can I bring my children?', answer: 'Yes: the Young Readers tent is for them.' } });
    // Another instance over the same database answers the same.
    expect((await publicList('faq', other)).at(-1)?.id).toBe(entry.id);

    // A saved draft does not change what the public sees until it is published again.
    const saved = await post(`/api/admin/entries/faq/${entry.id}/`, { data: { question: 'Can I bring my children and their friends?', answer: 'Yes.' } });
    expect(((await saved.json()) as Json).data.status).toBe('changed');
    expect((await publicList('faq')).at(-1)?.data.question).toBe('Can I bring my children?');
    await post(`/api/admin/entries/faq/${entry.id}/publish/`);
    expect((await publicList('faq')).at(-1)?.data.question).toBe('Can I bring my children and their friends?');

    await post(`/api/admin/entries/faq/${entry.id}/unpublish/`);
    expect((await publicList('faq')).some((e) => e.id === entry.id)).toBe(false);
    expect((await adminList('faq')).find((e) => e.id === entry.id)?.status).toBe('draft');
    expect((await audits('content.create')).map((a) => a.summary)).toContain('Visit: questions and answers: Can I bring my children?');
    expect((await audits('content.publish')).length).toBeGreaterThanOrEqual(2);
    expect((await audits('content.unpublish')).map((a) => a.actor_email)).toEqual(['editor@itan.example']);
  });

  it("checks every write against the kind's fields, with a message per field; nothing is stored", async () => {
    const before = (await adminList('timeline')).length;
    const res = await post('/api/admin/entries/timeline/', { data: { year: 'soon', title: 'Line one\nLine two', body: '' } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Json;
    expect(body.errors).toEqual({ year: 'Enter a whole number from 1900 to 2100', title: 'Invalid value', body: 'This field is required' });
    expect((await post('/api/admin/entries/timeline/', { data: { year: '1800', title: 'x', body: 'y' } })).status).toBe(422);
    expect((await post('/api/admin/entries/partners/', { data: { name: 'Ake Books', tier: 'king' } })).status).toBe(422);
    expect((await post('/api/admin/entries/partners/', { data: { name: 'Ake Books', tier: 'sponsor', url: 'javascript:alert(1)' } })).status).toBe(422);
    expect((await post('/api/admin/entries/team/', { data: { name: 'Ada', role: 'Host', photo: '/api/media/00000000-0000-4000-8000-000000000000.jpg' } })).status).toBe(422);
    expect((await post('/api/admin/entries/team/', { data: { name: 'Ada', role: 'Host', photo: 'https://evil.example/x.jpg' } })).status).toBe(422);
    expect((await post('/api/admin/entries/timeline/', [1, 2])).status).toBe(400);
    expect((await adminList('timeline')).length).toBe(before);
    // A number and a list arrive as the form posts them (text) and are kept typed.
    const ok = await post('/api/admin/entries/timeline/', { data: { year: ' 2026 ', title: 'Second festival', body: 'Two days.' } });
    expect(((await ok.json()) as Json).data.draft).toEqual({ year: 2026, title: 'Second festival', body: 'Two days.' });
  });

  it('a singleton is saved and published, never added to or deleted', async () => {
    const saved = await post('/api/admin/entries/about/main/', { data: { mission: 'Books for everyone.', vision: 'A library in every town.' } });
    expect(saved.status).toBe(200);
    expect((await publicList('about'))[0]?.data.mission).toBe(aboutFallback.mission);
    await post('/api/admin/entries/about/main/publish/');
    expect((await publicList('about'))[0]?.data).toEqual({ mission: 'Books for everyone.', vision: 'A library in every town.' });
    expect((await post('/api/admin/entries/about/', { data: { mission: 'a', vision: 'b' } })).status).toBe(409);
    expect((await post('/api/admin/entries/about/main/delete/')).status).toBe(409);
    expect((await post('/api/admin/entries/about/other/', { data: { mission: 'a', vision: 'b' } })).status).toBe(404);
  });

  it('reorders a list by moving an entry up or down, and deletes one; a deleted or unknown entry is 404', async () => {
    const names = async () => (await publicList('statistics')).map((e) => e.data.label);
    const [first, second] = await adminList('statistics');
    await post(`/api/admin/entries/statistics/${second!.id}/move/`, { direction: 'up' });
    expect((await names()).slice(0, 2)).toEqual([second!.draft.label, first!.draft.label]);
    // At the top, up moves nothing.
    await post(`/api/admin/entries/statistics/${second!.id}/move/`, { direction: 'up' });
    expect((await names())[0]).toBe(second!.draft.label);
    expect((await post(`/api/admin/entries/statistics/${second!.id}/move/`, { direction: 'sideways' })).status).toBe(422);

    expect((await post(`/api/admin/entries/statistics/${first!.id}/delete/`)).status).toBe(200);
    expect(await names()).not.toContain(first!.draft.label);
    expect((await post(`/api/admin/entries/statistics/${first!.id}/delete/`)).status).toBe(404);
    expect((await post(`/api/admin/entries/statistics/${first!.id}/publish/`)).status).toBe(404);
    expect((await audits('content.delete')).length).toBe(1);
  });

  it('refuses a second volunteer role with the same role id', async () => {
    const [role] = await adminList('volunteerRoles');
    const res = await post('/api/admin/entries/volunteerRoles/', { data: { ...role!.draft, skills: (role!.draft.skills as string[]).join('\n') } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).errors).toEqual({ id: ENTRY_MESSAGES.duplicate });
  });

  it("the spec's page-copy endpoints are made of their kinds' published entries, and keep what their pages need", async () => {
    const visit = async () => (await (await app.request('/api/content/visit/')).json()) as Json;
    expect((await visit()).venue).toEqual(visitFallback.venue);
    expect((await visit()).openingHours).toEqual(visitFallback.openingHours);

    // Gate times: staff count days from 1, the contract from 0.
    const [firstDay] = await adminList('openingHours');
    await post(`/api/admin/entries/openingHours/${firstDay!.id}/`, { data: { day: '1', opens: '08:30', closes: '21:00', note: '' } });
    expect((await visit()).openingHours[0].opens).toBe(visitFallback.openingHours[0]!.opens);
    await post(`/api/admin/entries/openingHours/${firstDay!.id}/publish/`);
    expect((await visit()).openingHours[0]).toEqual({ day: 0, opens: '08:30', closes: '21:00' });
    expect((await post(`/api/admin/entries/openingHours/${firstDay!.id}/`, { data: { day: '1', opens: '25:00', closes: '21:00' } })).status).toBe(422);

    // The venue's pin is a number; the country two capitals.
    const refused = await post('/api/admin/entries/visit/main/', { data: { ...((await adminList('visit'))[0]!.draft as Json), bring: 'Water', latitude: '91', country: 'ng' } });
    expect(((await refused.json()) as Json).errors).toEqual({ country: 'Two capital letters, for example NG', latitude: 'Enter a number from -90 to 90' });

    // The last published direction cannot be taken off or deleted: the page needs one.
    const directions = await adminList('directions');
    for (const d of directions.slice(1)) expect((await post(`/api/admin/entries/directions/${d.id}/delete/`)).status).toBe(200);
    const last = await post(`/api/admin/entries/directions/${directions[0]!.id}/unpublish/`);
    expect(last.status).toBe(409);
    expect(((await last.json()) as Json).message).toBe(ENTRY_MESSAGES.lastOne);
    expect((await post(`/api/admin/entries/directions/${directions[0]!.id}/delete/`)).status).toBe(409);
    expect((await visit()).directions).toEqual([visitFallback.directions[0]]);

    // The donation policy's paragraphs: one text with blank lines between, kept as a list.
    await post('/api/admin/entries/donationPolicy/main/', { data: { receipt: 'First paragraph.\n\nSecond paragraph.', refund: 'No refunds once spent.' } });
    await post('/api/admin/entries/donationPolicy/main/publish/');
    expect(await (await app.request('/api/content/donation-policy/')).json()).toEqual({ receipt: ['First paragraph.', 'Second paragraph.'], refund: ['No refunds once spent.'] });
  });

  it('seeds a kind once: a list staff emptied stays empty after a restart', async () => {
    for (const entry of await adminList('partners')) await post(`/api/admin/entries/partners/${entry.id}/delete/`);
    for (const entry of await adminList('volunteerBenefits')) await post(`/api/admin/entries/volunteerBenefits/${entry.id}/delete/`);
    await seedContent(database.handle.db);
    expect(await adminList('volunteerBenefits')).toEqual([]);
    expect((await adminList('team')).length).toBe(aboutFallback.team.length);
  });
});
