import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/contract/api/admin';
import { buildApp, dbTargets, postJson, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import type { DbHandle } from '../db/connect';
import { loadSigner } from '../kernel/signing';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { newId } from '../kernel/ids';
import { drainOutbox } from '../outbox/drain';
import { admitDelivery } from '../outbox/recipient-limit';
import { silentLogger } from '@/backend/kernel/log';

/**
 * The per-recipient mail limit (issue 32, MAIL_PER_RECIPIENT_PER_HOUR, default 5) through a real
 * SMTP server on loopback: every form mails the address typed in, so one address gets at most 5
 * mails an hour, of every kind together; the rest wait in the outbox (not dropped, not failed) and
 * go out when the clock moves past the hour. Two drainers on two connections share the count.
 */
describe.each(dbTargets)('per-recipient mail limit on $name', (target) => {
  let database: TestDatabase;
  let second: DbHandle;
  let smtp: TestSmtp;
  let app: BackendApp;
  let adminToken: string;
  const outboxes: MailOutbox[] = [];
  let clock = new Date();
  const HOUR = 60 * 60_000;

  const makeOutbox = async (handle: DbHandle) => {
    const config = testConfig({ SMTP_URL: smtp.url, SITE_URL: 'https://festival.example' });
    const signer = await loadSigner(handle.db, config.ticketSecret);
    const outbox = mailOutbox({ db: handle.db, dialect: handle.dialect, signer, config, log: silentLogger });
    outbox.target.clock = () => clock;
    outboxes.push(outbox);
    return outbox;
  };
  /** Seven mails to one address: a ticket, three volunteer and three partnership acknowledgements. */
  const sevenMailsTo = async (email: string) => {
    expect((await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email })).status).toBe(201);
      expect((await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), email })).status).toBe(201);
    }
  };
  const mailFigures = async () =>
    ((await (await app.request('/api/admin/dashboard/', { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as { data: Dashboard }).data.mail;
  const arrivedFor = (email: string) => smtp.received.filter((r) => r.to.includes(email)).length;
  const settle = () => new Promise((r) => setTimeout(r, 300));

  beforeAll(async () => {
    database = await target.create();
    second = target.name === 'postgres' ? database.connectAgain() : database.handle;
    smtp = await startTestSmtp();
    ({ app } = await buildApp(database.handle, { env: { SMTP_URL: smtp.url, SITE_URL: 'https://festival.example' } }));
    await upsertStaffUser(database.handle.db, { email: 'admin@itan.example', name: 'Admin', password: 'admin-password-long' });
    adminToken = ((await (await postJson(app, '/api/auth/login/', { email: 'admin@itan.example', password: 'admin-password-long' })).json()) as { token: string }).token;
  });
  afterAll(async () => {
    for (const o of outboxes) o.transport.close();
    await smtp?.close();
    await database?.drop();
  });

  it('7 mails to one address: 5 delivered, 2 held back (shown to staff), delivered once the hour has passed', async () => {
    const outbox = await makeOutbox(database.handle);
    await sevenMailsTo('flooded@example.com');
    const t0 = new Date(Date.now() + 1_000);
    clock = t0;

    expect(await drainOutbox(outbox.target)).toEqual({ delivered: 5, retried: 0, failed: 0, held: 2 });
    await smtp.waitFor(5);
    await settle();
    expect(arrivedFor('flooded@example.com')).toBe(5);

    // Held: pending, due when the oldest counted delivery leaves the hour, no attempt used, no error.
    const held = await database.handle.db.selectFrom('outbox').selectAll().where('recipient', '=', 'flooded@example.com').where('status', '=', 'pending').execute();
    expect(held).toHaveLength(2);
    for (const row of held) {
      expect(Number(row.attempts)).toBe(0);
      expect(row.last_error).toBeNull();
      expect(row.held_until).not.toBeNull();
      expect(row.next_attempt_at).toBe(row.held_until);
      expect(Date.parse(row.held_until!)).toBe(t0.getTime() + HOUR);
    }
    expect(await mailFigures()).toEqual({ failed: 0, pending: 2, overdue: 0, heldBack: 2 });

    // Half an hour on: nothing more for that address; another address is not held.
    clock = new Date(t0.getTime() + HOUR / 2);
    expect((await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: 'someone.else@example.com' })).status).toBe(201);
    expect(await drainOutbox(outbox.target)).toEqual({ delivered: 1, retried: 0, failed: 0, held: 0 });
    await smtp.waitFor(6);
    await settle();
    expect(arrivedFor('flooded@example.com')).toBe(5);
    // Still held, and never called overdue (they wait on purpose), even long after they were queued.
    expect((await mailFigures()).heldBack).toBe(2);

    // Past the hour: the two go out, once.
    clock = new Date(t0.getTime() + HOUR + 60_000);
    expect(await drainOutbox(outbox.target)).toEqual({ delivered: 2, retried: 0, failed: 0, held: 0 });
    expect(await drainOutbox(outbox.target)).toEqual({ delivered: 0, retried: 0, failed: 0, held: 0 });
    await smtp.waitFor(8);
    await settle();
    expect(arrivedFor('flooded@example.com')).toBe(7);
    expect(await mailFigures()).toEqual({ failed: 0, pending: 0, overdue: 0, heldBack: 0 });
  });

  it('two drainers on two connections at once still deliver only 5 to the address', async () => {
    const [a, b] = [await makeOutbox(database.handle), await makeOutbox(second)];
    // One entry per claim, so the two take turns on the address's entries and admit at the same moments.
    for (const o of [a, b]) o.target.policy = { ...o.target.policy, batchSize: 1 };
    clock = new Date(Date.now() + 3 * 60 * 60_000);
    await sevenMailsTo('raced@example.com');
    const before = smtp.received.length;
    const results = await Promise.all([drainOutbox(a.target), drainOutbox(b.target)]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(5);
    expect(results.reduce((n, r) => n + r.held, 0)).toBe(2);
    await smtp.waitFor(before + 5);
    await settle();
    expect(arrivedFor('raced@example.com')).toBe(5);
  });

  it('admissions racing on two connections let exactly the limit through', async () => {
    const at = new Date(Date.now() + 10 * 60 * 60_000);
    const leaseUntil = new Date(at.getTime() + 60_000).toISOString();
    const ids = Array.from({ length: 12 }, () => newId());
    await database.handle.db
      .insertInto('outbox')
      .values(
        ids.map((id, i) => ({
          id, topic: 'mail', kind: 'volunteerAck', recipient: 'burst@example.com', payload: '{}', status: 'pending' as const, attempts: 1,
          next_attempt_at: at.toISOString(), lease_owner: `owner-${i}`, lease_until: leaseUntil, last_error: null, created_at: at.toISOString(), sent_at: null,
        })),
      )
      .execute();
    const answers = await Promise.all(
      ids.map((id, i) => admitDelivery((i % 2 ? second : database.handle).db, target.name, { id, recipient: 'burst@example.com' }, `owner-${i}`, { max: 5, windowMs: HOUR }, at)),
    );
    expect(answers.filter((a) => a.kind === 'admitted')).toHaveLength(5);
    expect(answers.filter((a) => a.kind === 'held')).toHaveLength(7);
    // Someone else's lease is not ours to count or hold.
    expect(await admitDelivery(database.handle.db, target.name, { id: ids[0]!, recipient: 'burst@example.com' }, 'not-the-owner', { max: 50, windowMs: HOUR }, at)).toEqual({ kind: 'lost' });
  });

  it('MAIL_PER_RECIPIENT_PER_HOUR=0 switches the limit off', () => {
    expect(testConfig({ MAIL_PER_RECIPIENT_PER_HOUR: '0' }).mailPerRecipientPerHour).toBeUndefined();
    expect(testConfig().mailPerRecipientPerHour).toBe(5);
  });
});
