import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalDeadline } from '@/contract/business-days';
import type { BackendApp } from '../app';
import { buildApp, dbTargets, postJson, TEST_EDITION_ENV, validPayloads, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * One clock (issue 43): with FESTIVAL_NOW, what a request stores as a fact of the festival is timed
 * by the clock it decided by, not the machine's; the outbox keeps the machine's, so its mail is due
 * at once (kernel/clock.ts).
 */
describe.each(dbTargets)('one clock on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  const festivalNow = new Date(TEST_EDITION_ENV.FESTIVAL_NOW);
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await target.create();
    ({ app } = await buildApp(database.handle));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a registration, a proposal and its deadline, and a staff change with its audit row carry FESTIVAL_NOW; their mail is due by the machine', async () => {
    // The tests' FESTIVAL_NOW is more than a year before the machine's time: a real-clock stamp cannot pass for it.
    expect(Date.now() - festivalNow.getTime()).toBeGreaterThan(365 * 86_400_000);
    const before = new Date().toISOString();

    const reg = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'clock@example.com' });
    expect(reg.status).toBe(201);
    const registration = await db().selectFrom('registrations').select(['created_at', 'email']).where('email', '=', 'clock@example.com').executeTakeFirstOrThrow();
    expect(registration.created_at).toBe(festivalNow.toISOString());

    expect((await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), email: 'tunde@example.com' })).status).toBe(201);
    const proposal = await db().selectFrom('partnerships').select(['created_at', 'due_at']).where('email', '=', 'tunde@example.com').executeTakeFirstOrThrow();
    expect(proposal.created_at).toBe(festivalNow.toISOString());
    expect(proposal.due_at).toBe(proposalDeadline(festivalNow));

    const token = await staffToken(app, database.handle, { email: 'clock.admin@itan.example', name: 'Clock Admin', password: 'clock-admin-password' });
    const hero = await postJson(app, '/api/admin/content/hero/', { title: 'Stories gather', body: 'Two days in Ake.', ctaText: 'Register' }, { Authorization: `Bearer ${token}` });
    expect(hero.status).toBe(200);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'hero.update').executeTakeFirstOrThrow();
    expect(audit.at).toBe(festivalNow.toISOString());
    // The order of writing stays the machine's (rows with the same festival time are still in order).
    expect(audit.logged_at! >= before).toBe(true);

    // The registration's mail: queued by the machine's clock, so a fixed FESTIVAL_NOW never holds it back.
    const mail = await db().selectFrom('outbox').select(['created_at', 'next_attempt_at']).where('recipient', '=', 'clock@example.com').executeTakeFirstOrThrow();
    expect(mail.created_at >= before).toBe(true);
    expect(mail.next_attempt_at <= new Date().toISOString()).toBe(true);
  });
});
