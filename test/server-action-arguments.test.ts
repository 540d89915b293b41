import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, dbTargets, type TestDatabase } from '@/test/support/databases';
import { NotFound, Redirected } from '@/test/support/server-actions';

/**
 * Every server action of the site, called as a hand-made post can call it (issue 42): React
 * decodes any well-formed arguments, so a `(previous, formData)` action can be given one argument
 * (`["$K1"]`: the form where the state goes), none, or values of any kind where the form goes,
 * and a form without JavaScript posted to `$ACTION_ID_<id>` of it does the same. Each must answer
 * (a state, a redirect) rather than throw: a TypeError there is a 500 and a stack trace in the log.
 * The actions are found by their 'use server' line, so a new one is covered without a list.
 */
vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(() => undefined));
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
vi.mock('@/lib/backend', async () => {
  const door = await (await import('@/test/support/server-actions')).backendModule(() => backend);
  // lib/content reads through the public client (the staff editors' modules import it).
  return { ...door, publicApiClient: door.apiClient };
});

const ROOT = path.resolve(import.meta.dirname, '..');

function serverActionFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverActionFiles(relative);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return /^\s*['"]use server['"]/.test(fs.readFileSync(path.join(ROOT, relative), 'utf8')) ? [relative] : [];
  });
}

const FILES = [...serverActionFiles('app'), ...serverActionFiles('lib'), ...serverActionFiles('components')];

/** What React can hand an action from a hand-made post: the arguments as decoded. */
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const SHAPES: Array<{ name: string; args: unknown[] }> = [
  { name: 'nothing', args: [] },
  { name: 'only a form (["$K1"])', args: [form({ email: 'a@example.org' })] },
  { name: 'only an empty form', args: [new FormData()] },
  { name: 'a state where the form goes', args: [{ status: 'idle', errors: {}, values: {} }] },
  { name: 'undefined twice', args: [undefined, undefined] },
  { name: 'null and a string', args: [null, 'x'] },
  { name: 'a string and a number', args: ['x', 5] },
  { name: 'arrays and objects', args: [[], { get: 'not a function' }] },
  { name: 'a form, then a state', args: [form({ email: 'a@example.org' }), { status: 'idle' }] },
  { name: 'a date and a big integer', args: [new Date(0), 12n] },
];

describe('every server action answers a hand-made call of any shape', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('finds the site’s actions', () => {
    expect(FILES).toContain('app/newsletter/actions.ts');
    expect(FILES).toContain('app/staff/check-in/gate-actions.ts');
    expect(FILES.length).toBeGreaterThan(15);
  });

  it.each(FILES)('%s', async (file) => {
    const exports = (await import(`@/${file.replace(/\.tsx?$/, '')}`)) as Record<string, unknown>;
    const actions = Object.entries(exports).filter((entry): entry is [string, (...args: unknown[]) => Promise<unknown>] => typeof entry[1] === 'function');
    expect(actions.length, file).toBeGreaterThan(0);
    for (const [name, action] of actions) {
      for (const shape of SHAPES) {
        try {
          await action(...shape.args);
        } catch (error) {
          // Where an action leads (a redirect, the 404 page) is an answer; anything else is a crash.
          if (error instanceof Redirected || error instanceof NotFound) continue;
          throw new Error(`${name}(${shape.name}) threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        }
      }
    }
  });
});
