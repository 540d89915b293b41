import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idleState, type FormState } from '@/contract/forms/form-state';
import { buildApp, dbTargets, type TestDatabase } from '@/test/support/databases';
import { redirectOf } from '@/test/support/server-actions';
import { staffToken as signedInStaff } from '@/test/support/staff';

/**
 * The content editor's action (issue 40) against the built-in backend: a session's speakers are
 * its ticked boxes (the name posted once per box), kept as a list in the order posted; a refused
 * save echoes them and the Add form's one-time key; a new entry sends that key to entryCreate.
 */
type BackendApp = Awaited<ReturnType<typeof buildApp>>['app'];
let backend: BackendApp | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);
const created: unknown[] = [];

vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('@/lib/content/changed', () => ({ contentChanged: () => undefined }));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { entryEditorAction } = await import('./actions');

const form = (pairs: Array<[string, string]>) => {
  const data = new FormData();
  for (const [k, v] of pairs) data.append(k, v);
  return data;
};

const SESSION: Array<[string, string]> = [
  ['kind', 'sessions'],
  ['id', ''],
  ['slug', 'letters-at-dusk-2027'],
  ['title', 'Letters at dusk'],
  ['edition', '2027'],
  ['date', '2027-10-24'],
  ['starts', '16:00'],
  ['ends', '17:00'],
  ['venue', 'dusk-garden'],
  ['category', 'Readings'],
  ['speakers', 'tunde-bello'],
  ['speakers', 'chika-okafor'],
  ['description', 'Letters read at dusk.'],
  ['free', 'yes'],
];

describe('the content editor action: ref fields and the one-time key', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    const app = (await buildApp(database.handle)).app;
    // Every request the action makes reaches the backend; new entries' bodies are kept to look at.
    backend = {
      fetch: async (request: Request) => {
        if (request.method === 'POST' && /\/api\/admin\/entries\/[a-z]+\/$/i.test(new URL(request.url).pathname)) created.push(await request.clone().json());
        return app.fetch(request);
      },
    } as unknown as BackendApp;
    token = await signedInStaff(app, database.handle, { email: 'editor@itan.example', name: 'Editor', password: 'editor-password-long' });
    // The venue and the speakers the session names.
    for (const fields of [
      [['kind', 'venues'], ['slug', 'dusk-garden'], ['name', 'Dusk garden']],
      [['kind', 'speakers'], ['slug', 'tunde-bello'], ['name', 'Tunde Bello'], ['bio', 'A poet.']],
      [['kind', 'speakers'], ['slug', 'chika-okafor'], ['name', 'Chika Okafor'], ['bio', 'A novelist.']],
    ] as Array<Array<[string, string]>>) {
      expect(await redirectOf(entryEditorAction(idleState, form([['id', ''], ['intent', 'publish'], ...fields])))).toMatch(/\?done=published$/);
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a refused save echoes the ticked boxes as a list and the same key', async () => {
    const key = 'Qx7_kK0-aaaaBBBBccccDD';
    const refused = (await entryEditorAction(idleState, form([...SESSION.filter(([k]) => k !== 'description'), ['key', key]]))) as FormState;
    expect(refused.status).toBe('error');
    expect(refused.errors).toHaveProperty('description');
    expect(refused.values.speakers).toEqual(['tunde-bello', 'chika-okafor']);
    expect(refused.values.key).toBe(key);
  });

  it('a session is saved with its speakers in the order ticked, and the new entry carries the form key', async () => {
    const key = 'Zz9-Yy8_Xx7wW6vV5uU4tT';
    created.length = 0;
    // The list opens on the session's edition.
    expect(await redirectOf(entryEditorAction(idleState, form([...SESSION, ['key', key]])))).toBe('/staff/content/sessions?done=saved&edition=2027');
    expect(created).toEqual([{ data: expect.objectContaining({ speakers: ['tunde-bello', 'chika-okafor'], venue: 'dusk-garden' }), key }]);
    const row = await database.handle.db.selectFrom('content_entries').selectAll().where('kind', '=', 'sessions').execute();
    const session = row.map((r) => JSON.parse(String((r as { draft: unknown }).draft)) as Record<string, unknown>).find((d) => d.slug === 'letters-at-dusk-2027');
    expect(session?.speakers).toEqual(['tunde-bello', 'chika-okafor']);
  });

  it("a session ending before it starts is refused here, on the end's field, before the backend is asked", async () => {
    created.length = 0;
    const refused = (await entryEditorAction(idleState, form(SESSION.map(([k, v]): [string, string] => (k === 'ends' ? [k, '15:00'] : k === 'slug' ? [k, 'backwards-2027'] : [k, v]))))) as FormState;
    expect(refused.errors).toEqual({ ends: 'A session ends after it starts.' });
    expect(created).toEqual([]);
  });
});
