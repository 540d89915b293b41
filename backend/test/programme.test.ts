import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { programListSchema } from '@/contract/api/content';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { SESSION_DEFAULT_IMAGE } from '@/contract/content/programme-answers';
import { sessionSubtitle } from '@/contract/edition-copy';
import { FESTIVAL_ADDRESS } from '@/contract/fallbacks/event-details';
import { programsFallback } from '@/contract/fallbacks/programs';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { buildApp, dbTargets, postJson, TEST_EDITION_KEY, type TestDatabase } from '@/test/support/databases';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The programme as entries (issue 40 part 3) on SQLite and PostgreSQL: refs must name existing
 * venues and speakers, a session ends after it starts, a venue sessions name is not deleted or
 * renamed, a form's one-time key makes one entry however often it is sent, the spec's programme
 * and event details come from the published sessions, and an edition's sessions are copied as drafts.
 * The app's edition is the tests' 2025 (24–25 October).
 */
describe.each(dbTargets)('the programme on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let token: string;

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const post = (path: string, body: unknown = {}) => postJson(app, path, body, auth());
  const adminList = async (kind: string) => ((await (await app.request(`/api/admin/entries/${kind}/`, { headers: auth() })).json()) as Json).data.entries as Json[];
  const audits = (action: string) => database.handle.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
  const rows = async (kind: string) => Number((await database.handle.db.selectFrom('content_entries').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);
  const session = (over: Json = {}) => ({
    slug: 'letters-at-dusk',
    title: 'Letters at Dusk',
    edition: TEST_EDITION_KEY,
    date: '2025-10-24',
    starts: '17:00',
    ends: '18:00',
    venue: 'courtyard-stage',
    category: 'Readings',
    description: 'Four letters, **read aloud**.\n\n<script>alert(1)</script>A second paragraph.',
    free: 'yes',
    ...over,
  });
  const create = async (kind: string, data: Json, key?: string) => {
    const res = await post(`/api/admin/entries/${kind}/`, { data, ...(key ? { key } : {}) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const publish = async (kind: string, id: string) => expect((await post(`/api/admin/entries/${kind}/${id}/publish/`)).status).toBe(200);

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle)).app;
    await upsertStaffUser(database.handle.db, { email: 'editor@itan.example', name: 'Ada Editor', password: 'editor-password-long' });
    const res = await postJson(app, '/api/auth/login/', { email: 'editor@itan.example', password: 'editor-password-long' });
    token = ((await res.json()) as Json).token as string;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("seeds venues before sessions, and the seeded sessions are the current edition's and name seeded venues", async () => {
    const venues = new Set((await adminList('venues')).map((v) => v.draft.slug));
    const sessions = await adminList('sessions');
    expect(sessions.length).toBe(programsFallback.length);
    for (const s of sessions) {
      expect(s.draft.edition).toBe(TEST_EDITION_KEY);
      expect(venues.has(s.draft.venue)).toBe(true);
      expect(s.status).toBe('published');
    }
    // Copying with no earlier edition: nothing to copy.
    const none = await post('/api/admin/programme/copy/', {});
    expect(none.status).toBe(404);
    expect(((await none.json()) as Json).message).toBe(ENTRY_MESSAGES.nothingToCopy);
    expect((await postJson(app, '/api/admin/programme/copy/', {})).status).toBe(401);
  });

  it('refuses a session naming an unknown venue or speaker (422, on the field), or ending before it starts; nothing is stored', async () => {
    const before = await rows('sessions');
    const venue = await create('sessions', session({ venue: 'no-such-hall' }));
    expect(venue.status).toBe(422);
    expect(venue.body.errors).toEqual({ venue: ENTRY_MESSAGES.noSuchRef(CONTENT_KINDS.venues.title, 'no-such-hall') });
    const speaker = await create('sessions', session({ speakers: ['nobody-here'] }));
    expect(speaker.status).toBe(422);
    expect(speaker.body.errors).toEqual({ speakers: ENTRY_MESSAGES.noSuchRef(CONTENT_KINDS.speakers.title, 'nobody-here') });
    const backwards = await create('sessions', session({ starts: '18:00', ends: '17:30' }));
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ ends: 'A session ends after it starts.' });
    expect(await rows('sessions')).toBe(before);

    // A draft speaker counts (staff add the people before they publish them); so does a save.
    const chika = await create('speakers', { slug: 'chika-okafor', name: 'Chika Okafor', bio: 'Novelist.', photo: '/images/content/hero.webp' });
    expect(chika.status).toBe(201);
    const made = await create('sessions', session({ speakers: 'chika-okafor' }));
    expect(made.status).toBe(201);
    expect(made.body.data.draft.speakers).toEqual(['chika-okafor']);
    const saved = await post(`/api/admin/entries/sessions/${made.body.data.id}/`, { data: session({ speakers: ['chika-okafor', 'ghost'] }) });
    expect(saved.status).toBe(422);
    expect(((await saved.json()) as Json).errors).toEqual({ speakers: ENTRY_MESSAGES.noSuchRef(CONTENT_KINDS.speakers.title, 'ghost') });
  });

  it('keeps a venue that sessions name: no delete, no new slug (409), nothing lost; free again once no session names it', async () => {
    const hall = await create('venues', { slug: 'reading-room', name: 'Reading Room' });
    const talk = await create('sessions', session({ slug: 'quiet-talk', venue: 'reading-room' }));
    expect(talk.status).toBe(201);
    const refused = await post(`/api/admin/entries/venues/${hall.body.data.id}/delete/`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).message).toBe(ENTRY_MESSAGES.inUse(1));
    expect((await adminList('venues')).some((v) => v.id === hall.body.data.id)).toBe(true);
    const renamed = await post(`/api/admin/entries/venues/${hall.body.data.id}/`, { data: { slug: 'reading-room-2', name: 'Reading Room' } });
    expect(renamed.status).toBe(409);
    expect(((await renamed.json()) as Json).errors).toEqual({ slug: ENTRY_MESSAGES.inUse(1) });
    // Its other fields change freely.
    expect((await post(`/api/admin/entries/venues/${hall.body.data.id}/`, { data: { slug: 'reading-room', name: 'The Reading Room' } })).status).toBe(200);
    // A seeded venue named by the seeded (published) sessions.
    const seeded = (await adminList('venues')).find((v) => v.draft.slug === 'courtyard-stage')!;
    expect((await post(`/api/admin/entries/venues/${seeded.id}/delete/`)).status).toBe(409);

    expect((await post(`/api/admin/entries/sessions/${talk.body.data.id}/`, { data: session({ slug: 'quiet-talk', venue: 'main-hall' }) })).status).toBe(200);
    expect((await post(`/api/admin/entries/venues/${hall.body.data.id}/delete/`)).status).toBe(200);
    expect((await post(`/api/admin/entries/sessions/${talk.body.data.id}/delete/`)).status).toBe(200);
  });

  it('makes one entry per one-time key: a second create answers the first entry (201), with no second row or audit; two at once make one', async () => {
    const key = 'form-key-0123456789abcdef';
    const first = await create('speakers', { slug: 'wole-ade', name: 'Wole Ade', bio: 'Poet.' }, key);
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(`k-${key}`);
    const again = await create('speakers', { slug: 'wole-ade', name: 'Wole Ade', bio: 'Poet.' }, key);
    expect(again).toEqual(first);
    expect((await adminList('speakers')).filter((s) => s.draft.slug === 'wole-ade')).toHaveLength(1);
    expect((await audits('content.create')).filter((a) => a.target_id === `k-${key}`)).toHaveLength(1);
    // Without a key, the same slug is the duplicate it always was.
    expect((await create('speakers', { slug: 'wole-ade', name: 'Wole Ade', bio: 'Poet.' })).status).toBe(409);

    const twin = 'twin-key-0123456789abcdef';
    const before = await rows('sessions');
    const both = await Promise.all([create('sessions', session({ slug: 'twin-session' }), twin), create('sessions', session({ slug: 'twin-session' }), twin)]);
    expect(both.map((b) => b.status)).toEqual([201, 201]);
    expect(both[0]!.body.data.id).toBe(`k-${twin}`);
    expect(both[1]!.body.data).toEqual(both[0]!.body.data);
    expect(await rows('sessions')).toBe(before + 1);
    expect((await audits('content.create')).filter((a) => a.target_id === `k-${twin}`)).toHaveLength(1);
    expect((await post(`/api/admin/entries/sessions/k-${twin}/delete/`)).status).toBe(200);
  });

  it("GET /api/content/programs/ is the current edition's published sessions by start; event details carry every edition's", async () => {
    const programs = async () => programListSchema.parse(await (await app.request('/api/content/programs/')).json());
    const seededCount = (await programs()).length;
    const early = await create('sessions', session({ slug: 'dawn-chorus', title: 'Dawn Chorus', date: '2025-10-24', starts: '07:30', ends: '08:30', speakers: ['chika-okafor'], room: 'Under the mango tree' }));
    const draft = await create('sessions', session({ slug: 'still-a-draft', title: 'Still a Draft' }));
    const past = await create('sessions', session({ slug: 'old-reading-2024', title: 'Old Reading', edition: '2024', date: '2024-10-25' }));
    expect([early.status, draft.status, past.status]).toEqual([201, 201, 201]);
    await publish('sessions', early.body.data.id);
    await publish('sessions', past.body.data.id);

    let list = await programs();
    expect(list.map((p) => p.slug)).not.toContain('still-a-draft');
    expect(list.map((p) => p.slug)).not.toContain('old-reading-2024');
    // The speaker is a draft: the avatar is the session's image, else the default.
    expect(list[0]).toEqual({ id: 'dawn-chorus', leftLabel: 'Readings', title: 'Dawn Chorus', subtitle: sessionSubtitle('2025-10-24T07:30:00+01:00'), avatar: SESSION_DEFAULT_IMAGE, slug: 'dawn-chorus' });
    expect(list[0]!.subtitle).toBe('Friday 24 October · 07:30');
    expect(list).toHaveLength(seededCount + 1);
    // Once the speaker is published, their photo is the row's picture.
    const chika = (await adminList('speakers')).find((s) => s.draft.slug === 'chika-okafor')!;
    await publish('speakers', chika.id);
    list = await programs();
    expect(list[0]!.avatar).toBe('/images/content/hero.webp');

    const details = (await (await app.request('/api/content/event-details/')).json()) as Json[];
    const dawn = details.find((d) => d.slug === 'dawn-chorus');
    expect(dawn).toEqual({
      slug: 'dawn-chorus',
      title: 'Dawn Chorus',
      kind: 'program',
      startsAt: '2025-10-24T07:30:00+01:00',
      endsAt: '2025-10-24T08:30:00+01:00',
      venue: 'Courtyard stage, Under the mango tree',
      address: FESTIVAL_ADDRESS,
      // The reports' Markdown, sanitised: the script goes, the rest stays.
      description: '<p>Four letters, <strong>read aloud</strong>.</p>\nA second paragraph.',
      image: SESSION_DEFAULT_IMAGE,
    });
    expect(details.some((d) => d.slug === 'old-reading-2024' && d.kind === 'program')).toBe(true);
    expect(details.some((d) => d.slug === 'still-a-draft')).toBe(false);
    expect(details.filter((d) => d.kind === 'program').length).toBe(seededCount + 2);
  });

  it("copies an edition's sessions into the current one as drafts, moved to the same festival day with new slugs; a second copy skips them all", async () => {
    const film = await create('sessions', session({ slug: 'old-film', title: 'Old Film', edition: '2024', date: '2024-10-26', starts: '20:00', ends: '22:00', venue: 'open-air-stage' }));
    expect(film.status).toBe(201);
    const unknown = await post('/api/admin/programme/copy/', { from: '2019' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).message).toBe(ENTRY_MESSAGES.nothingToCopy);
    expect((await post('/api/admin/programme/copy/', { from: 'last year' })).status).toBe(422);

    const before = (await adminList('sessions')).length;
    const res = await post('/api/admin/programme/copy/', {});
    expect(res.status).toBe(200);
    expect((await res.json()) as Json).toEqual({ success: true, data: { from: '2024', to: TEST_EDITION_KEY, copied: 2, skipped: 0 }, message: ENTRY_MESSAGES.copied(2, 0, '2024') });
    const after = await adminList('sessions');
    expect(after).toHaveLength(before + 2);
    const copies = after.slice(-2);
    expect(copies.map((c) => c.status)).toEqual(['draft', 'draft']);
    expect(copies.map((c) => [c.draft.slug, c.draft.edition, c.draft.date])).toEqual([
      ['old-reading-2025', '2025', '2025-10-24'],
      ['old-film-2025', '2025', '2025-10-25'],
    ]);
    expect(copies[1]!.draft).toMatchObject({ title: 'Old Film', starts: '20:00', ends: '22:00', venue: 'open-air-stage' });
    // Drafts: the public programme is unchanged.
    expect(((await (await app.request('/api/content/programs/')).json()) as Json[]).some((p) => p.slug === 'old-film-2025')).toBe(false);

    const twice = await post('/api/admin/programme/copy/', { from: '2024' });
    expect(((await twice.json()) as Json).data).toEqual({ from: '2024', to: TEST_EDITION_KEY, copied: 0, skipped: 2 });
    expect(await adminList('sessions')).toHaveLength(before + 2);
    const audit = await audits('content.programme-copied');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: 'editor@itan.example', target_type: 'sessions', target_id: TEST_EDITION_KEY });
    expect(audit[0]!.summary).toContain('2 copied from 2024');
  });

  it('the admin routes answer an unknown kind 404 on every path, and check images on create and save', async () => {
    for (const path of ['/api/admin/entries/nope/', '/api/admin/entries/nope/x/', '/api/admin/entries/nope/x/publish/', '/api/admin/entries/nope/x/move/', '/api/admin/entries/nope/x/delete/']) {
      const res = await post(path, { data: {}, direction: 'up' });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as Json).message).toBe(ENTRY_MESSAGES.unknownKind);
    }
    expect((await app.request('/api/admin/entries/nope/', { headers: auth() })).status).toBe(404);
    const missing = '/api/media/00000000-0000-4000-8000-000000000000.jpg';
    const made = await create('speakers', { slug: 'no-photo', name: 'No Photo', bio: 'x', photo: missing });
    expect(made.status).toBe(422);
    expect(Object.keys(made.body.errors)).toEqual(['photo']);
    const [speaker] = await adminList('speakers');
    const saved = await post(`/api/admin/entries/speakers/${speaker!.id}/`, { data: { ...speaker!.draft, photo: missing } });
    expect(saved.status).toBe(422);
  });
});
