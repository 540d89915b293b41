import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heroFallback, highlightsFallback } from '@/contract/fallbacks';
import { parseBackendConfig } from '../kernel/config';
import { HTTP_MESSAGES } from '../kernel/http';
import { startBackend, type Backend } from '../start';
import { FORM_TABLES, countRows, postJson, validPayloads } from '@/test/support/databases';
import { captureLog } from '@/test/support/log';

/**
 * Vercel without DATABASE_URL (issue "documented ground", item 5): a SQLite file there is lost with
 * the function instance, so the built-in backend keeps content in memory and refuses every write.
 */
describe('parseBackendConfig on Vercel', () => {
  it('switches submissions off on Vercel with no DATABASE_URL, and keeps nothing on disk', () => {
    const c = parseBackendConfig({ VERCEL: '1' });
    expect(c.submissionsOff).toBe(true);
    expect(c.sqlitePath).toBe(':memory:');
  });

  it('leaves them on with a database, or off Vercel', () => {
    expect(parseBackendConfig({ VERCEL: '1', DATABASE_URL: 'postgres://u@h/db' }).submissionsOff).toBe(false);
    expect(parseBackendConfig({}).submissionsOff).toBe(false);
    expect(parseBackendConfig({ VERCEL: '0' }).submissionsOff).toBe(false);
    expect(parseBackendConfig({ DATA_DIR: '/tmp/x' }).sqlitePath).toBe(path.resolve('/tmp/x/festival.sqlite'));
  });
});

describe.each([
  { name: 'on Vercel without DATABASE_URL', env: { VERCEL: '1' }, off: true },
  { name: 'off Vercel (the control)', env: {}, off: false },
])('the built-in backend $name', ({ env, off }) => {
  let dataDir: string;
  let backend: Backend;
  const logs = captureLog();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-submissions-off-'));
    backend = await startBackend(parseBackendConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', ...env }), {
      log: logs.log,
    });
  });
  afterAll(async () => {
    await backend?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the content', async () => {
    expect(await (await backend.app.request('/api/content/hero/')).json()).toEqual(heroFallback);
    const page = (await (await backend.app.request('/api/content/highlights/?limit=100')).json()) as { count: number };
    expect(page.count).toBe(highlightsFallback.length);
  });

  it(off ? 'answers every form post with a 503 in the result pattern and stores nothing' : 'accepts and stores form posts', async () => {
    const posts: Array<[string, unknown, (typeof FORM_TABLES)[keyof typeof FORM_TABLES]]> = [
      ['/api/forms/newsletter/', validPayloads.newsletter(), FORM_TABLES.newsletter],
      ['/api/forms/registrations/', validPayloads.registration(), FORM_TABLES.registrations],
      ['/api/forms/partnerships/', validPayloads.partnership(), FORM_TABLES.partnerships],
      ['/api/forms/volunteer/', validPayloads.volunteer(), FORM_TABLES.volunteer],
      ['/api/forms/donations/', validPayloads.donation(), FORM_TABLES.donations],
    ];
    for (const [url, payload, table] of posts) {
      const res = await postJson(backend.app, url, payload);
      if (off) {
        expect(res.status, url).toBe(503);
        expect(await res.json()).toEqual({ success: false, message: HTTP_MESSAGES.submissionsOff, errors: {} });
        expect(await countRows(backend, table)).toBe(0);
      } else {
        expect(res.status, url).toBe(201);
        expect(await countRows(backend, table)).toBe(1);
      }
    }
  });

  it(off ? 'refuses sign-in too' : 'answers sign-in as usual', async () => {
    const res = await postJson(backend.app, '/api/auth/login/', { email: 'ada@example.org', password: 'x'.repeat(12) });
    expect(res.status).toBe(off ? 503 : 401);
  });

  it(off ? 'says so in the log once, at the first refusal' : 'logs nothing about it', () => {
    const lines = logs.messages().filter((l) => l.includes(HTTP_MESSAGES.submissionsOff));
    expect(lines).toHaveLength(off ? 1 : 0);
  });

  it(off ? 'writes no file under DATA_DIR' : 'keeps its SQLite file under DATA_DIR', () => {
    expect(fs.existsSync(path.join(dataDir, 'festival.sqlite'))).toBe(!off);
  });
});
