import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDetailsFallback } from '@/contract/fallbacks';
import type { EventDetail } from '@/contract/content/schemas';
import { shiftEventDetail } from '@/contract/content/shift';
import { editionFrom } from '@/contract/edition';
import { MEDIA_LIMITS, REPORT_MESSAGES } from '@/contract/api/reports';
import { EVENT_DETAIL_MESSAGES } from '@/contract/api/event-details';
import type { BackendApp } from '../app';
import { issueToken, upsertStaffUser } from '../auth/queries';
import { migrations } from '../db/migrations';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Readers’ Day at Ake',
  category: 'Event Report',
  date: '2026-10-25',
  author: 'Ada Obi',
  excerpt: 'A day of readings.',
  tags: ['readings', 'youth'],
  featured: false,
  body: 'The **hall** was full.\n\n- one\n- two',
  ...over,
});

/** A JPEG carrying GPS EXIF (sharp's withExif writes the IFDs we give it). */
async function jpegWithGps(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS-1', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '7/1 9/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 21/1 0/1' },
    })
    .toBuffer();
}

/**
 * Report publishing (issue 17) on the real backend and database: slugs, drafts kept off every
 * public endpoint, Markdown sanitised, images checked by content and stripped of EXIF, and an
 * audit row with every change.
 */
describe.each(dbTargets)('report publishing on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let token: string;

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle)).app;
    const { user } = await upsertStaffUser(database.handle.db, { email: 'editor@itan.example', name: 'Editor', password: 'editor-long-password' });
    token = await issueToken(database.handle.db, user.id);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const post = (path: string, body: unknown = {}) => postJson(app, path, body, auth());
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await post('/api/admin/reports/', draft(over));
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Json).data as Json;
  };
  const upload = (bytes: Buffer) => post('/api/admin/media/', { data: bytes.toString('base64') });
  const publicSlugs = async (path: string) => {
    const body = (await (await app.request(path)).json()) as Json;
    return (Array.isArray(body) ? body : body.results).map((h: Json) => h.slug as string);
  };

  it('refuses every admin endpoint without a staff token', async () => {
    expect((await postJson(app, '/api/admin/reports/', draft())).status).toBe(401);
    expect((await app.request('/api/admin/reports/')).status).toBe(401);
    expect((await postJson(app, '/api/admin/media/', { data: 'aGVsbG8=' })).status).toBe(401);
    expect((await postJson(app, '/api/admin/reports/00000000-0000-4000-8000-000000000000/publish/', {}, { Authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('gives clashing titles unique slugs, and freezes the slug once published', async () => {
    const a = await create({ title: 'Ìtàn Night: Poetry!' });
    const b = await create({ title: 'Itan night poetry' });
    const c = await create({ title: 'ITAN NIGHT — POETRY' });
    expect([a.slug, b.slug, c.slug]).toEqual(['itan-night-poetry', 'itan-night-poetry-2', 'itan-night-poetry-3']);

    // A draft's slug follows its title...
    const renamed = ((await (await post(`/api/admin/reports/${b.id}/`, draft({ title: 'Second poetry night' }))).json()) as Json).data;
    expect(renamed.slug).toBe('second-poetry-night');
    // ...a published one keeps its slug however the title changes.
    expect((await post(`/api/admin/reports/${a.id}/publish/`)).status).toBe(200);
    const edited = ((await (await post(`/api/admin/reports/${a.id}/`, draft({ title: 'A new title' }))).json()) as Json).data;
    expect(edited).toMatchObject({ slug: 'itan-night-poetry', title: 'A new title', status: 'published' });
  });

  it('keeps drafts off every public endpoint; publish shows, unpublish hides (404)', async () => {
    const report = await create({ title: 'Secret draft report', featured: true, date: '2030-01-01' });
    const slug = report.slug as string;
    expect(report.status).toBe('draft');
    expect((await app.request(`/api/content/highlights/${slug}/`)).status).toBe(404);
    expect(await publicSlugs('/api/content/highlights/?limit=100')).not.toContain(slug);
    expect(await publicSlugs('/api/content/highlights/featured/?limit=100')).not.toContain(slug);
    expect(await publicSlugs('/api/content/highlights/?category=event-report&limit=100')).not.toContain(slug);

    expect((await post(`/api/admin/reports/${report.id}/publish/`)).status).toBe(200);
    expect((await app.request(`/api/content/highlights/${slug}/`)).status).toBe(200);
    expect((await publicSlugs('/api/content/highlights/?limit=3'))[0]).toBe(slug);
    // Featured: the flag puts it first among the featured reports, whatever the date order.
    await create({ title: 'Newer but not featured', date: '2031-01-01' }).then((r) => post(`/api/admin/reports/${r.id}/publish/`));
    expect((await publicSlugs('/api/content/highlights/featured/?limit=1'))[0]).toBe(slug);

    expect((await post(`/api/admin/reports/${report.id}/unpublish/`)).status).toBe(200);
    expect((await app.request(`/api/content/highlights/${slug}/`)).status).toBe(404);
    expect(await publicSlugs('/api/content/highlights/?limit=100')).not.toContain(slug);
    expect(await publicSlugs('/api/content/highlights/featured/?limit=100')).not.toContain(slug);
    // The staff still see it, as a draft.
    const list = ((await (await app.request('/api/admin/reports/', { headers: auth() })).json()) as Json).results as Json[];
    expect(list.find((r) => r.id === report.id)).toMatchObject({ status: 'draft', slug });
  });

  it('seeded reports (short ids) can be edited, unpublished and published again, their slug kept', async () => {
    const seeded = ((await (await app.request('/api/admin/reports/1/', { headers: auth() })).json()) as Json).data as Json;
    expect(seeded).toMatchObject({ id: '1', status: 'published', body: null });
    expect((await app.request(`/api/content/highlights/${seeded.slug}/`)).status).toBe(200);
    expect((await post('/api/admin/reports/1/unpublish/')).status).toBe(200);
    expect((await app.request(`/api/content/highlights/${seeded.slug}/`)).status).toBe(404);
    const edited = await post('/api/admin/reports/1/', draft({ title: 'A renamed seeded report', body: seeded.content }));
    expect(((await edited.json()) as Json).data).toMatchObject({ slug: seeded.slug, title: 'A renamed seeded report' });
    expect((await post('/api/admin/reports/1/publish/')).status).toBe(200);
    expect((await app.request(`/api/content/highlights/${seeded.slug}/`)).status).toBe(200);
    expect((await app.request('/api/admin/reports/..%2F1/', { headers: auth() })).status).toBe(404);
  });

  it('sanitises Markdown: raw HTML, event handlers and javascript: links do not survive; links get a safe rel', async () => {
    const body = [
      '# Heading',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '[ok](https://example.org/a "t")',
      '<a href="JaVaScRiPt:alert(4)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(5)><circle/></svg>',
      '<p style="background:url(javascript:alert(6))" onclick="alert(7)">styled</p>',
      '![pic](javascript:alert(8))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg5KTwvc2NyaXB0Pg==)',
    ].join('\n\n');
    const report = await create({ title: 'XSS body', body });
    const html = report.content as string;
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<a href="https://example.org/a" title="t" rel="noopener noreferrer">ok</a>');
    expect(html).not.toMatch(/<script|<iframe|<svg|onerror|onload|onclick|javascript:|data:text|style=/i);
    expect(html).not.toMatch(/alert\(\d\)<\/script>/);
    // The Markdown the staff wrote is kept as written, for the editor.
    expect(report.body).toBe(body);
    expect(report.readTime).toBe('1 min read');
  });

  it('validates input with clear field errors (never a 500), and requires alt text with an image', async () => {
    const res = await post('/api/admin/reports/', draft({ title: '  ', category: 'Gossip', date: '2026-02-30', body: '', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }));
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as Json;
    expect(errors).toEqual({
      title: REPORT_MESSAGES.titleRequired,
      category: REPORT_MESSAGES.categoryInvalid,
      date: REPORT_MESSAGES.dateInvalid,
      tags: REPORT_MESSAGES.tagsTooMany,
      body: REPORT_MESSAGES.bodyRequired,
    });
    const uploaded = (await (await upload(await jpegWithGps(400, 300))).json()) as Json;
    const noAlt = await post('/api/admin/reports/', draft({ imageId: uploaded.mediaId, imageAlt: ' ' }));
    expect(((await noAlt.json()) as Json).errors).toEqual({ imageAlt: REPORT_MESSAGES.altRequired });
    const unknown = await post('/api/admin/reports/', draft({ imageId: '00000000-0000-4000-8000-000000000000', imageAlt: 'x' }));
    expect(((await unknown.json()) as Json).errors).toEqual({ image: REPORT_MESSAGES.imageMissing });
    expect((await postJson(app, '/api/admin/reports/', '{not json', auth())).status).toBe(400);
  });

  it('refuses a text file renamed .jpg and an oversized image, by content', async () => {
    const text = Buffer.from('This is not an image, whatever its name says.\n'.repeat(20));
    const refused = await upload(text);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ success: false, errors: { image: REPORT_MESSAGES.imageNotImage } });

    // Too many pixels: a small file (a flat PNG compresses well) that would decode to 12,000 px wide.
    const huge = await sharp({ create: { width: 12_000, height: 200, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(huge.byteLength).toBeLessThan(MEDIA_LIMITS.maxBytes);
    const tooWide = await upload(huge);
    expect(tooWide.status).toBe(413);
    expect(await tooWide.json()).toMatchObject({ errors: { image: REPORT_MESSAGES.imageTooManyPixels } });

    // Too many bytes: random noise does not compress.
    const noisy = await sharp(Buffer.from(Array.from({ length: 1500 * 1200 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 1500, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(MEDIA_LIMITS.maxBytes);
    const tooBig = await upload(noisy);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ success: false });
    const rows = await database.handle.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const before = Number(rows.n);
    await upload(text);
    const after = await database.handle.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(before);
  });

  it('stores a JPEG with GPS EXIF without any EXIF, resized, and serves it with immutable caching', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif, 'the fixture carries EXIF').toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('GPS-1');

    const res = await upload(original);
    expect(res.status).toBe(201);
    const { mediaId, data } = (await res.json()) as Json;
    expect(data).toMatchObject({ url: `/api/media/${mediaId}.jpg`, width: MEDIA_LIMITS.storedMaxSide, height: 1067, contentType: 'image/jpeg' });

    const served = await app.request(`/api/media/${mediaId}.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(after.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('GPS-1');
    expect(bytes.toString('latin1')).not.toContain('secret-owner');
    expect((await app.request('/api/media/00000000-0000-4000-8000-000000000000.jpg')).status).toBe(404);
    expect((await app.request('/api/media/..%2Fetc.jpg')).status).toBe(404);
  });

  it('records every change in the audit log, in the same transaction', async () => {
    const report = await create({ title: 'Audited report' });
    await post(`/api/admin/reports/${report.id}/`, draft({ title: 'Audited report, edited' }));
    await post(`/api/admin/reports/${report.id}/publish/`);
    await post(`/api/admin/reports/${report.id}/unpublish/`);
    const rows = await database.handle.db.selectFrom('audit_log').selectAll().where('target_id', '=', report.id as string).orderBy('at').orderBy('logged_at').execute();
    // Rows written within one millisecond share `at`: compare them in action order.
    expect(rows.map((r) => [r.action, r.actor_email, r.target_type]).sort()).toEqual([
      ['report.create', 'editor@itan.example', 'report'],
      ['report.publish', 'editor@itan.example', 'report'],
      ['report.unpublish', 'editor@itan.example', 'report'],
      ['report.update', 'editor@itan.example', 'report'],
    ]);
    expect(rows.find((r) => r.action === 'report.update')!.summary).toBe('Audited report, edited');
    // A refused change leaves no record.
    const count = async () => Number((await database.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    await post(`/api/admin/reports/${report.id}/`, draft({ title: '' }));
    await post('/api/admin/reports/00000000-0000-4000-8000-000000000000/publish/');
    expect(await count()).toBe(n);
  });

  it('edits the home page hero: validated, audited, and served by /api/content/hero/', async () => {
    expect((await postJson(app, '/api/admin/content/hero/', { title: 'x', body: 'y', ctaText: 'z' })).status).toBe(401);
    const bad = await post('/api/admin/content/hero/', { title: '', body: ' ', ctaText: '' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Json).errors).toEqual({ title: 'Enter the hero title', body: 'Enter the hero text', ctaText: 'Enter the button text' });
    const image = ((await (await upload(await jpegWithGps(1200, 900))).json()) as Json).mediaId as string;
    const ok = await post('/api/admin/content/hero/', { title: 'Stories <b>gather</b>', body: 'Two days in Ake.', ctaText: 'Register', imageId: image, imageAlt: 'Drummers at the gate' });
    expect(ok.status).toBe(200);
    const hero = (await (await app.request('/api/content/hero/')).json()) as Json;
    expect(hero).toEqual({ title: 'Stories <b>gather</b>', body: 'Two days in Ake.', ctaText: 'Register', heroImage: `/api/media/${image}.jpg`, heroImageAlt: 'Drummers at the gate' });
    // Without a new image the current one stays.
    await post('/api/admin/content/hero/', { title: 'Again', body: 'Text', ctaText: 'Go' });
    expect(((await (await app.request('/api/content/hero/')).json()) as Json).heroImage).toBe(`/api/media/${image}.jpg`);
    const audit = await database.handle.db.selectFrom('audit_log').select(['action', 'summary']).where('target_id', '=', 'hero').execute();
    expect(audit.map((a) => a.summary).sort()).toEqual(['Again', 'Stories <b>gather</b>']);
  });

  it('edits an event card: validated, audited, served by the content endpoints; programme rows are sessions now (no POST /api/admin/programs/)', async () => {
    const events = (await (await app.request('/api/content/events/')).json()) as Json;
    const card = events.events[1] as Json;
    expect((await postJson(app, `/api/admin/content/events/${card.slug}/`, { title: 'x' })).status).toBe(401);
    expect(((await (await post(`/api/admin/content/events/${card.slug}/`, { title: ' ' })).json()) as Json).errors).toEqual({ title: 'Enter a title' });
    expect((await post('/api/admin/content/events/no-such-event/', { title: 'x' })).status).toBe(404);
    const image = ((await (await upload(await jpegWithGps(800, 600))).json()) as Json).mediaId as string;
    expect((await post(`/api/admin/content/events/${card.slug}/`, { title: 'Book Circle at the Rock', imageId: image })).status).toBe(200);
    expect((await post(`/api/admin/content/events/${events.heroEvent.slug}/`, { title: 'Ìtàn 2026', subtitle: 'Two days in Ake' })).status).toBe(200);
    const after = (await (await app.request('/api/content/events/')).json()) as Json;
    expect(after.events[1]).toEqual({ ...card, title: 'Book Circle at the Rock', image: `/api/media/${image}.jpg` });
    expect(after.events[0]).toEqual(events.events[0]);
    expect(after.heroEvent).toMatchObject({ title: 'Ìtàn 2026', subtitle: 'Two days in Ake', image: events.heroEvent.image });

    const programs = (await (await app.request('/api/content/programs/')).json()) as Json[];
    expect((await post(`/api/admin/programs/${programs[2]!.id}/`, { title: 'Open mic, outdoors', category: 'Music' })).status).toBe(404);
    const audit = await database.handle.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', 'in', ['event.update', 'programme.update']).execute();
    expect(audit.map((a) => `${a.action} ${a.target_id}`).sort()).toEqual([`event.update ${card.slug}`, `event.update ${events.heroEvent.slug}`].sort());
  });

  it("edits an event detail (Lagos times, venue, address, description): validated, audited, served by /api/content/event-details/; edited times are never shifted; a session's is its entry's (409)", async () => {
    // Served on a second app whose festival starts a year and a day later (2026-10-25): unedited details move with it.
    const shifted = (await buildApp(database.handle, { env: { FESTIVAL_START_DATE: '2026-10-25', FESTIVAL_END_DATE: '2026-10-26' } })).app;
    const list = async (on: BackendApp = app) => (await (await on.request('/api/content/event-details/')).json()) as Json[];
    const before = await list();
    expect(before.filter((d) => d.kind === 'event')).toEqual(eventDetailsFallback.filter((d) => d.kind === 'event'));
    // The events' details, not the festival's own (its copy is rewritten for the edition).
    const session = before.filter((d) => d.kind === 'event')[1]!;
    const other = before.filter((d) => d.kind === 'event')[2]!;
    const programme = before.find((d) => d.kind === 'program')!;
    const refused = await post(`/api/admin/content/event-details/${programme.slug}/`, { title: 'Poetry at dusk', startsAt: '2026-10-24T18:30', endsAt: '2026-10-24T20:00', venue: 'The Courtyard', address: 'Ake Road, Abeokuta', description: 'Poems.' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).message).toBe(EVENT_DETAIL_MESSAGES.programmeSession);
    const path = `/api/admin/content/event-details/${session.slug}/`;
    const valid = { title: 'Poetry at dusk', startsAt: '2026-10-24T18:30', endsAt: '2026-10-24T20:00', venue: 'The Courtyard', address: 'Ake Road, Abeokuta', description: 'Poems <b>aloud</b>.\n\nBring a friend & a poem.' };

    expect((await postJson(app, path, valid)).status).toBe(401);
    const empty = await post(path, { title: ' ', startsAt: '', endsAt: '', venue: '', address: '', description: ' ' });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as Json).errors).toEqual({
      title: 'Enter a title',
      startsAt: 'Enter the start date and time',
      endsAt: 'Enter the end date and time',
      venue: 'Enter the venue',
      address: 'Enter the address',
      description: 'Describe the event',
    });
    expect(((await (await post(path, { ...valid, startsAt: '2026-02-30T10:00' })).json()) as Json).errors).toEqual({ startsAt: 'Enter a date and time like 2026-10-24 09:00' });
    expect(((await (await post(path, { ...valid, endsAt: '2026-10-24T18:30' })).json()) as Json).errors).toEqual({ endsAt: 'The end must be after the start' });
    expect(((await (await post(path, { ...valid, venue: 'v'.repeat(121) })).json()) as Json).errors.venue).toMatch(/120/);
    expect((await post('/api/admin/content/event-details/no-such-event/', valid)).status).toBe(404);
    // ISO with an offset is read as the same instant in Lagos time.
    expect(((await (await post(path, { ...valid, startsAt: '2026-10-24T17:30:00Z', endsAt: '2026-10-24T19:00:00Z' })).json()) as Json).data).toMatchObject({ startsAt: '2026-10-24T18:30:00+01:00', endsAt: '2026-10-24T20:00:00+01:00' });

    const ok = await post(path, valid);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const expected = {
      ...session,
      title: 'Poetry at dusk',
      startsAt: '2026-10-24T18:30:00+01:00',
      endsAt: '2026-10-24T20:00:00+01:00',
      venue: 'The Courtyard',
      address: 'Ake Road, Abeokuta',
      description: '<p>Poems &lt;b&gt;aloud&lt;/b&gt;.</p><p>Bring a friend &amp; a poem.</p>',
    };
    expect(((await ok.json()) as Json).data).toEqual(expected);
    expect((await list()).find((d) => d.slug === session.slug)).toEqual(expected);

    // The shift rule: with another FESTIVAL_START_DATE the edited detail keeps exactly what was typed, the others move.
    const moved = await list(shifted);
    expect(moved.find((d) => d.slug === session.slug)).toEqual(expected);
    expect(moved.find((d) => d.slug === other.slug)).toEqual(shiftEventDetail(other as EventDetail, editionFrom({ startDate: '2026-10-25', endDate: '2026-10-26' }, new Date())));
    expect(moved.find((d) => d.slug === other.slug)!.startsAt.slice(0, 10)).not.toBe(other.startsAt.slice(0, 10));

    const audit = await database.handle.db.selectFrom('audit_log').select(['action', 'target_type', 'summary', 'actor_email']).where('target_id', '=', session.slug as string).execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toEqual({ action: 'event-detail.update', target_type: 'event', actor_email: 'editor@itan.example', summary: 'Poetry at dusk: 2026-10-24T18:30:00+01:00 – 2026-10-24T20:00:00+01:00, The Courtyard' });
  });

  it('the migration goes down and up again', async () => {
    const m = migrations['2026-11-25-3-report-publishing']!;
    const other = database.connectAgain();
    // On a copy of the schema's state: down drops media and the new columns, up restores them.
    await m.down!(other.db as never);
    await expect(other.db.selectFrom('media').select('id').execute()).rejects.toThrow();
    await m.up(other.db as never);
    const seeded = await other.db.selectFrom('highlights').select(['status']).execute();
    expect(seeded.every((r) => r.status === 'published')).toBe(true);
  });
});
