import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@/contract/api/reports';
import type { BackendApp } from '../app';
import { issueToken, upsertStaffUser } from '../auth/queries';
import { parseBackendConfig } from '../kernel/config';
import type { Db } from '../db/schema';
import { createSlots, imageDecodes, MAX_CONCURRENT_DECODES } from '../media/decode-slots';
import { createMediaSweeper, sweepUnreferencedMedia } from '../media/sweep';
import { startBackend } from '../start';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';
import { captureLog } from '@/test/support/log';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A flat JPEG: small to send, but every one of its pixels is decoded and resized. */
const photo = (width = 1200, height = 800, r = 200) => sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 40 } } }).jpeg().toBuffer();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `side` × `side` black pixels, every
 * row deflated (a 30,000-pixel square is about 110 KB here, 900 megapixels once decoded).
 */
async function pngBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowsPerChunk = 1000;
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * rowsPerChunk); // filter byte 0 and zero pixels, per row
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let written = 0; written < side; written += rowsPerChunk) {
    const count = Math.min(rowsPerChunk, side - written);
    deflate.write(rows.subarray(0, (1 + Math.ceil(side / 8)) * count));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function staffToken(db: Db, email: string): Promise<string> {
  const { user } = await upsertStaffUser(db, { email, name: 'Editor', password: 'editor-long-password' });
  return issueToken(db, user.id);
}

const mediaIds = async (db: Db) => (await db.selectFrom('media').select('id').execute()).map((r) => r.id).sort();
const age = (db: Db, ids: string[], ms: number) => db.updateTable('media').set({ created_at: ago(ms) }).where('id', 'in', ids).execute();

describe('decoding slots', () => {
  it('runs at most `max` tasks at once, queues the rest in order, and runs every one', async () => {
    const slots = createSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        slots.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 20));
          order.push(i);
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(slots.stats()).toEqual({ active: 0, waiting: 0, peak: 2 });
    expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    // A task that throws gives its slot back.
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(slots.stats().active).toBe(0);
  });
});

/** Issue 32 on the real backend and database: quota, decoding slots, the PNG bomb, the media sweep. */
describe.each(dbTargets)('image uploads and the media sweep on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let db: Db;
  let token: string;

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle, { env: { MEDIA_UPLOADS_PER_HOUR: '500' } })).app;
    db = database.handle.db;
    token = await staffToken(db, 'editor@itan.example');
  });
  afterAll(async () => {
    await database?.drop();
  });

  const post = (url: string, body: unknown, bearer = token, on = app) => postJson(on, url, body, { Authorization: `Bearer ${bearer}` });
  const upload = (bytes: Buffer, bearer = token, on = app) => post('/api/admin/media/', { data: bytes.toString('base64') }, bearer, on);
  const uploaded = async (bytes: Buffer) => {
    const res = await upload(bytes);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Json).mediaId as string;
  };

  it('refuses a 30,000 × 30,000 PNG bomb as too large (413), not as "not an image", and stores nothing', async () => {
    const bomb = await pngBomb(30_000);
    expect(bomb.byteLength).toBeLessThan(400_000);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(header).toMatchObject({ format: 'png', width: 30_000, height: 30_000 });
    const before = await mediaIds(db);
    const res = await upload(bomb);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: REPORT_MESSAGES.imageTooManyPixels, errors: { image: REPORT_MESSAGES.imageTooManyPixels } });
    expect(await mediaIds(db)).toEqual(before);
    // A file that is no image at all still says so.
    const text = await upload(Buffer.from('not an image, whatever its name says\n'.repeat(10)));
    expect(text.status).toBe(422);
    expect(await text.json()).toMatchObject({ errors: { image: REPORT_MESSAGES.imageNotImage } });
  });

  it(`decodes at most ${MAX_CONCURRENT_DECODES} images at once: six parallel uploads queue, and every one is stored`, async () => {
    const images = await Promise.all(Array.from({ length: 6 }, (_, i) => photo(6000, 4000, 40 * i)));
    imageDecodes.resetPeak();
    const answers = await Promise.all(images.map((bytes) => upload(bytes)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(imageDecodes.stats()).toEqual({ active: 0, waiting: 0, peak: MAX_CONCURRENT_DECODES });
  });

  it('allows MEDIA_UPLOADS_PER_HOUR uploads per staff member, counted in the database for every instance; then a 429 the editor reads', async () => {
    const limited = await buildApp(database.handle, { env: { MEDIA_UPLOADS_PER_HOUR: '3' } });
    // A second instance: its own connection, the same database.
    const other = await buildApp(database.connectAgain(), { env: { MEDIA_UPLOADS_PER_HOUR: '3' } });
    const ada = await staffToken(db, 'ada@itan.example');
    const image = await photo(400, 300);
    expect((await upload(image, ada, limited.app)).status).toBe(201);
    expect((await upload(image, ada, other.app)).status).toBe(201);
    expect((await upload(image, ada, limited.app)).status).toBe(201);
    for (const on of [limited.app, other.app]) {
      const refused = await upload(image, ada, on);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(await refused.json()).toEqual({ success: false, message: REPORT_MESSAGES.imageQuotaReached, errors: { image: REPORT_MESSAGES.imageQuotaReached } });
    }
    // Another staff member has an hour of their own.
    const bola = await staffToken(db, 'bola@itan.example');
    expect((await upload(image, bola, other.app)).status).toBe(201);
    // An hour on, Ada's uploads leave the window.
    await db.updateTable('media_uploads').set({ created_at: ago(HOUR + 1000) }).execute();
    expect((await upload(image, ada, limited.app)).status).toBe(201);

    // Parallel uploads racing for the places: exactly the limit gets through. On PostgreSQL across
    // two instances; SQLite's other "instance" here shares this process, where its lock wait would
    // block the one thread the holder needs (separate processes each wait on busy_timeout).
    const chidi = await staffToken(db, 'chidi@itan.example');
    const racers = target.name === 'postgres' ? [limited.app, other.app] : [limited.app];
    const statuses = (await Promise.all(Array.from({ length: 6 }, (_, i) => upload(image, chidi, racers[i % racers.length])))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('deletes images nothing has used for a day (row and bytes), and keeps used ones and fresh ones', async () => {
    await db.deleteFrom('media').execute(); // what the tests above uploaded
    const image = await photo(400, 300);
    const unused = await uploaded(image);
    const cover = await uploaded(image);
    const inBody = await uploaded(image);
    const hero = await uploaded(image);
    const card = await uploaded(image);
    const programme = await uploaded(image);
    const fresh = await uploaded(image);
    expect((await post('/api/admin/reports/', { title: 'With a cover', category: 'Event Report', date: '2026-10-25', body: 'Text.', imageId: cover, imageAlt: 'A crowd' })).status).toBe(201);
    expect((await post('/api/admin/reports/', { title: 'With a photo inside', category: 'Event Report', date: '2026-10-25', body: `Before.\n\n![The stage](/api/media/${inBody}.jpg)\n\nAfter.` })).status).toBe(201);
    expect((await post('/api/admin/content/hero/', { title: 'Stories gather', body: 'Two days in Ake.', ctaText: 'Register', imageId: hero, imageAlt: 'Drummers' })).status).toBe(200);
    const events = (await (await app.request('/api/content/events/')).json()) as Json;
    expect((await post(`/api/admin/content/events/${events.events[0].slug}/`, { title: 'Book Circle', imageId: card })).status).toBe(200);
    const sessions = (await (await app.request('/api/admin/entries/sessions/', { headers: { Authorization: `Bearer ${token}` } })).json()) as Json;
    const session = sessions.data.entries[0] as Json;
    expect((await post(`/api/admin/entries/sessions/${session.id}/`, { data: { ...session.draft, avatar: `/api/media/${programme}.jpg` } })).status).toBe(200);

    const everything = await mediaIds(db);
    const old = everything.filter((id) => id !== fresh);
    await age(db, old, 25 * HOUR);
    // Only the one unused image goes: the others are used, or younger than a day.
    expect(await sweepUnreferencedMedia(db, database.handle.dialect)).toBe(1);
    expect(await mediaIds(db)).toEqual(everything.filter((id) => id !== unused));
    expect((await app.request(`/api/media/${unused}.jpg`)).status).toBe(404);
    for (const id of [cover, inBody, hero, card, programme, fresh]) expect((await app.request(`/api/media/${id}.jpg`)).status).toBe(200);
    // Nothing more to do.
    expect(await sweepUnreferencedMedia(db, database.handle.dialect)).toBe(0);
    // Under a day unused is never deleted, however old the sweep's clock says others are.
    await age(db, [fresh], 23 * HOUR);
    expect(await sweepUnreferencedMedia(db, database.handle.dialect)).toBe(0);
    expect(await mediaIds(db)).toContain(fresh);
  });

  it('deletes a bounded number per pass, and passes on several instances at once delete each image once', async () => {
    const image = await photo(300, 200);
    const unused = await Promise.all(Array.from({ length: 7 }, () => uploaded(image)));
    await age(db, unused, 30 * HOUR);
    expect(await sweepUnreferencedMedia(db, database.handle.dialect, { limit: 2 })).toBe(2);
    const others = [database.connectAgain(), database.connectAgain()];
    const counts = await Promise.all([db, ...others.map((h) => h.db)].map((each) => sweepUnreferencedMedia(each, database.handle.dialect)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const left = await mediaIds(db);
    expect(unused.filter((id) => left.includes(id))).toEqual([]);
  });

  it('the sweeper runs at most once per interval on an instance, and forgets upload counts older than an hour', async () => {
    const logs = captureLog();
    const sweeper = createMediaSweeper(db, database.handle.dialect, { log: logs.log, minIntervalMs: 60_000 });
    const id = await uploaded(await photo(300, 200));
    await age(db, [id], 25 * HOUR);
    await db.updateTable('media_uploads').set({ created_at: ago(2 * HOUR) }).execute();
    const t0 = new Date();
    expect(await sweeper.sweep(t0)).toBe(1);
    expect(logs.entries()).toMatchObject([{ level: 'info', area: 'media', msg: 'deleted 1 image(s) nothing has used for a day' }]);
    expect((await db.selectFrom('media_uploads').select('id').execute()).length).toBe(0);
    const next = await uploaded(await photo(300, 200));
    await age(db, [next], 25 * HOUR);
    expect(await sweeper.sweep(new Date(t0.getTime() + 30_000))).toBe(0);
    expect(await mediaIds(db)).toContain(next);
    expect(await sweeper.sweep(new Date(t0.getTime() + 61_000))).toBe(1);
  });
});

describe('the drain that runs on every instance', () => {
  let dataDir = '';
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes an image nothing has used for a day as part of its pass (drainMail: after responses, the cron route, the loop)', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-media-drain-'));
    const backend = await startBackend(parseBackendConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' }), { log: silentLogger });
    try {
      const token = await staffToken(backend.db, 'editor@itan.example');
      const res = await postJson(backend.app, '/api/admin/media/', { data: (await photo(300, 200)).toString('base64') }, { Authorization: `Bearer ${token}` });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as Json).mediaId as string;
      await age(backend.db, [id], 25 * HOUR);
      expect(await backend.drainMail()).toMatchObject({ delivered: 0, mediaDeleted: 1 });
      expect(await mediaIds(backend.db)).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it('deletes it from the long-lived loop too (one Node server, the standalone backend)', async () => {
    dataDir ||= fs.mkdtempSync(path.join(os.tmpdir(), 'festival-media-drain-'));
    const config = parseBackendConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' });
    const first = await startBackend(config, { log: silentLogger });
    const token = await staffToken(first.db, 'loop@itan.example');
    const res = await postJson(first.app, '/api/admin/media/', { data: (await photo(300, 200)).toString('base64') }, { Authorization: `Bearer ${token}` });
    const id = ((await res.json()) as Json).mediaId as string;
    await age(first.db, [id], 25 * HOUR);
    await first.close();
    // A fresh start, as after a restart: its loop's first pass sweeps.
    const backend = await startBackend(config, { log: silentLogger });
    try {
      backend.startMailLoop();
      await expect.poll(() => mediaIds(backend.db), { timeout: 5000 }).not.toContain(id);
    } finally {
      await backend.close();
    }
  });
});
