/**
 * Backups that restore (issue 30): `npm run backup` runs while the site (next start, the built-in
 * backend on SQLite) answers a registration rush; `npm run restore` puts the backup into a fresh
 * DATA_DIR; the site started on that folder shows staff every registration acknowledged before
 * the backup began. The commands run as processes, as cron and an operator run them. It needs
 * JavaScript for nothing and runs once (@js: the phone-js project only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { upsertStaffUser } from '../../backend/auth/queries';
import { connectDb } from '../../backend/db/connect';
import { startNext, stop, type Server } from '../support/next-server';
import { runCli } from '../../test/support/cli';

const ADMIN = { email: 'ops@itan.example', name: 'Ops Admin', password: 'ops-password-long' };

/** The commands as processes, on SQLite (the server's DATA_DIR). */
const command = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) => runCli(name, args, { DATABASE_URL: '', ...env });

test.describe('backup during a rush, restore into a fresh folder @js', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let source: Server | undefined;
  let restored: Server | undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-restore-e2e-'));

  test.afterAll(async () => {
    await Promise.all([stop(source), stop(restored)]);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  test('the site starts on the restored folder and staff see every registration acknowledged before the backup began', async ({ page }) => {
    source = await startNext({ RATE_LIMIT_MAX: '0' });
    const acknowledged: { email: string; at: number }[] = [];
    const refused: string[] = [];
    let stopping = false;
    let next = 0;
    const worker = async () => {
      while (!stopping) {
        const email = `rush-${next++}@example.com`;
        const res = await fetch(`${source!.origin}/api/forms/registrations/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'Rush', lastName: 'Visitor', email, phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() }),
        });
        if (res.status === 201) acknowledged.push({ email, at: performance.now() });
        else refused.push(`${res.status} ${await res.text()}`);
      }
    };
    const workers = Array.from({ length: 12 }, worker);
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 20));

    const backupDir = path.join(scratch, 'backups');
    const began = performance.now();
    const backup = await command('backup', [], { DATA_DIR: source.dataDir, BACKUP_DIR: backupDir });
    const ended = performance.now();
    stopping = true;
    await Promise.all(workers);
    expect(backup.code, backup.stderr).toBe(0);
    expect(refused).toEqual([]);
    expect(acknowledged.filter((a) => a.at > began && a.at < ended).length, 'registrations answered while the backup ran').toBeGreaterThan(0);
    const before = acknowledged.filter((a) => a.at < began).map((a) => a.email);
    const file = /^backup (\S+\.sqlite) \S+ \S+ in \d+\.\d s$/m.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toBeDefined();
    await stop(source);
    source = undefined;

    const dataDir = path.join(scratch, 'restored');
    const restore = await command('restore', [file!], { DATA_DIR: dataDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`restored ${file} to ${path.join(dataDir, 'festival.sqlite')}`);
    const handle = connectDb({ sqlitePath: path.join(dataDir, 'festival.sqlite') });
    let count: number;
    try {
      await upsertStaffUser(handle.db, ADMIN);
      count = Number((await handle.db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    } finally {
      await handle.close();
    }
    expect(count).toBeGreaterThanOrEqual(before.length);

    restored = await startNext({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' });
    const login = await fetch(`${restored.origin}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const csv = await (await fetch(`${restored.origin}/api/admin/export/registrations.csv`, { headers: { Authorization: `Bearer ${token}` } })).text();
    const exported = new Set(csv.match(/rush-\d+@example\.com/g));
    expect(before.filter((email) => !exported.has(email))).toEqual([]);

    // And in the staff area, as a person sees it.
    await page.goto(`${restored.origin}/staff`);
    await expect(page).toHaveURL(/\/staff\/login\?next=/);
    await page.locator('main').getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${restored.origin}/staff$`), { timeout: 20_000 });
    await expect(page.getByTestId('figure-registrations').locator('dd > span').first()).toHaveText(new Intl.NumberFormat('en-NG').format(count), { useInnerText: true });
  });
});
