import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackendApp } from '../app';
import { loadGateKeys } from '../tickets/gate/keys';
import { loadSigner } from '../kernel/signing';
import { importPassPublicKey, verifyPass } from '@/contract/gate/pass';
import { createDrainLoop, drainOutbox, type DrainResult } from '../outbox/drain';
import { enqueue, outboxCounts } from '../outbox/queue';
import { buildApp, dbTargets, postJson, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { MAIL_REASONS } from '@/contract/forms/form-messages';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { captureLog } from '@/test/support/log';

/**
 * Mail through the outbox to a real SMTP server on loopback, read back with mailparser: what the
 * visitor receives, that SMTP being down makes it late and never lost or doubled, and that several
 * drainers at once deliver each mail exactly once.
 */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe.each(dbTargets)('mail on $name', (target) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let app: BackendApp;
  let outbox: MailOutbox;
  const logs = captureLog();

  const drain = (o: MailOutbox = outbox): Promise<DrainResult> => drainOutbox(o.target);
  const makeOutbox = async (env: Record<string, string>) => {
    const cfg = testConfig(env);
    const signer = await loadSigner(database.handle.db, cfg.ticketSecret);
    return mailOutbox({ db: database.handle.db, dialect: database.handle.dialect, signer, config: cfg, log: logs.log });
  };

  beforeAll(async () => {
    database = await target.create();
    smtp = await startTestSmtp();
    const env = { SMTP_URL: smtp.url, SITE_URL: 'https://festival.example', MAIL_FROM: 'Ìtàn Festival <tickets@festival.example>', MAIL_RETRY_BASE_MS: '1' };
    ({ app } = await buildApp(database.handle, { env }));
    outbox = await makeOutbox(env);
  });
  afterAll(async () => {
    outbox?.transport.close();
    await smtp?.close();
    await database?.drop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('a registration delivers one mail: reference, a working ticket link, a QR code of that link, an .ics', async () => {
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(2), email: 'Ada.Mail@Example.com' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ticketReference: string; ticketUrl: string };
    expect(await drain()).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    await smtp.waitFor(1);
    expect(await drain()).toMatchObject({ delivered: 0 });
    expect(smtp.received).toHaveLength(1);

    const { mail, to } = smtp.received[0]!;
    expect(to).toEqual(['ada.mail@example.com']);
    expect(mail.subject).toContain(body.ticketReference);
    expect(mail.from?.text).toContain('tickets@festival.example');
    expect(mail.messageId).toMatch(/@festival\.example>$/);
    const text = mail.text ?? '';
    expect(text).toContain('Dear Ada,');
    expect(text).toContain(`Ticket reference: ${body.ticketReference}`);
    expect(text).toContain('Wristbands: 2');
    expect(text).toContain('Centenary Hall, Ake, Abeokuta');
    expect(text).toContain('24–25 October 2025');
    expect(text).toContain(MAIL_REASONS.registration);
    expect(text).toContain('https://festival.example/privacy');
    const link = `https://festival.example${body.ticketUrl}`;
    expect(text).toContain(link);
    expect(mail.html).toContain('cid:ticket-qr@itan.festival');
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:/); // no remote images, no tracking pixel

    // The link opens the ticket (the API behind the ticket page).
    const ticket = await app.request(`/api/tickets/${body.ticketUrl.slice('/tickets/'.length)}`);
    expect(ticket.status).toBe(200);
    const page = (await ticket.json()) as { data: { pass: string } };
    expect(page).toMatchObject({ data: { reference: body.ticketReference, numberOfTickets: 2, checkedInAt: null } });

    // The mail's QR code is the gate pass, as on the ticket page: the same signed message (an ECDSA
    // signature differs each time it is made), which the gate verifies offline.
    const qr = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBe('ticket-qr@itan.festival');
    const scanned = (await decodeQr(qr!.content)) ?? '';
    expect(scanned).toMatch(new RegExp(`^ITN2\\.${body.ticketReference.slice(4)}\\.2025\\.2\\.[A-Za-z0-9_-]{86}$`));
    expect(scanned.slice(0, scanned.lastIndexOf('.'))).toBe(page.data.pass.slice(0, page.data.pass.lastIndexOf('.')));
    const { publicKey } = await loadGateKeys(database.handle.db, undefined);
    expect(await verifyPass(scanned, await importPassPublicKey(publicKey))).toEqual({ reference: body.ticketReference, edition: '2025', wristbands: 2 });
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.content.toString()).toContain('DTSTART;VALUE=DATE:20251024');
  });

  it('each form confirms by mail: donation receipt (last four digits only), partnership and volunteer acknowledgements', async () => {
    expect((await postJson(app, '/api/forms/donations/', validPayloads.donation({}, 5000))).status).toBe(201);
    expect((await postJson(app, '/api/forms/partnerships/', validPayloads.partnership())).status).toBe(201);
    expect((await postJson(app, '/api/forms/volunteer/', validPayloads.volunteer())).status).toBe(201);
    expect(await drain()).toMatchObject({ delivered: 3 });
    await smtp.waitFor(3);
    const bySubject = new Map(smtp.received.map((r) => [r.mail.subject ?? '', r]));
    const receipt = [...bySubject.entries()].find(([s]) => s.startsWith('Receipt'))![1];
    expect(receipt.mail.subject).toBe('Receipt for your donation of ₦5,000');
    expect(receipt.mail.text).toContain('ending 4081');
    expect(receipt.raw).not.toContain('4084 0840');
    expect(receipt.raw).not.toContain('40840840');
    expect(receipt.mail.text).toMatch(/Reference: \S+/);
    expect(receipt.mail.text).toContain('Receipts and refunds');
    expect(receipt.mail.text).toContain('within 30 days');
    expect(bySubject.get('We received your partnership proposal')?.mail.text).toContain('on behalf of Ake Books');
    expect(bySubject.get('We received your volunteer application')?.to).toEqual(['kemi@example.com']);
  });

  it('a new subscriber, once confirmed through the mailed link, gets one welcome mail whose List-Unsubscribe works with one click (RFC 8058)', async () => {
    expect((await postJson(app, '/api/forms/newsletter/', { email: 'News.Reader@example.com' })).status).toBe(201);
    expect((await postJson(app, '/api/forms/newsletter/', { email: 'news.reader@example.com' })).status).toBe(201);
    // Double opt-in (issue 31): first one mail asking to confirm, with a link to the confirm page.
    expect(await drain()).toMatchObject({ delivered: 1 });
    await smtp.waitFor(1);
    expect(smtp.received[0]!.mail.subject).toContain('Please confirm your subscription');
    const confirmLink = new URL(/https:\/\/festival\.example\/newsletter\/confirm\?\S+/.exec(smtp.received[0]!.mail.text ?? '')?.[0] ?? 'https://festival.example/missing');
    const confirmed = await postJson(app, '/api/newsletter/confirm/', { email: confirmLink.searchParams.get('email'), t: confirmLink.searchParams.get('t') });
    expect(confirmed.status).toBe(200);
    expect(await drain()).toMatchObject({ delivered: 1 });
    await smtp.waitFor(2);
    expect(smtp.received).toHaveLength(2);
    const { mail, to } = smtp.received[1]!;
    expect(mail.subject).toContain('Welcome');
    expect(to).toEqual(['news.reader@example.com']);
    expect(smtp.received[1]!.raw.slice(0, 1500)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = (mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '').replace(/\r?\n[ \t]+/g, '');
    const oneClick = /<(https:\/\/festival\.example\/api\/newsletter\/unsubscribe\?[^>]+)>/.exec(header)?.[1];
    expect(oneClick, header).toBeDefined();
    expect(mail.text).toContain(MAIL_REASONS.newsletter);
    expect(mail.text).toContain('https://festival.example/newsletter/unsubscribe?');

    const url = new URL(oneClick!);
    const forged = new URL(url);
    forged.searchParams.set('t', 'A'.repeat(22));
    const click = (u: URL) =>
      app.request(u.pathname + u.search, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect((await click(forged)).status).toBe(403);
    expect((await click(url)).status).toBe(200);
    const row = await database.handle.db.selectFrom('newsletter_subscriptions').select('unsubscribed_at').where('email', '=', 'news.reader@example.com').executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).not.toBeNull();
  });

  it('SMTP down during a registration: the registration succeeds, and the mail arrives once SMTP is back, exactly once', async () => {
    const port = smtp.port;
    const down = await makeOutbox({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '1', SITE_URL: 'https://festival.example' });
    await smtp.close();
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'late@example.com' });
    expect(res.status).toBe(201);
    expect(await drain(down)).toMatchObject({ delivered: 0, retried: 1 });
    expect(await outboxCounts(database.handle.db, 'mail')).toMatchObject({ pending: 1 });
    const row = await database.handle.db.selectFrom('outbox').selectAll().where('recipient', '=', 'late@example.com').executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startTestSmtp(port);
    await new Promise((r) => setTimeout(r, 20)); // the 1 ms backoff has passed
    expect(await drain(down)).toMatchObject({ delivered: 1 });
    expect(await drain(down)).toMatchObject({ delivered: 0, retried: 0 });
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.map((r) => r.to[0])).toEqual(['late@example.com']);
    down.transport.close();
  });

  it('three drainers at once deliver 100 queued mails exactly once each', async () => {
    const db = database.handle.db;
    for (let i = 0; i < 100; i++) {
      const res = await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: `v${i}@example.com` });
      expect(res.status).toBe(201);
    }
    const others = [await makeOutbox({ SMTP_URL: smtp.url }), await makeOutbox({ SMTP_URL: smtp.url })];
    const results = await Promise.all([drain(), drain(others[0]), drain(others[1])]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(100);
    await smtp.waitFor(100);
    await new Promise((r) => setTimeout(r, 300));
    const recipients = smtp.received.map((r) => r.to[0]);
    expect(recipients).toHaveLength(100);
    expect(new Set(recipients).size).toBe(100);
    expect(await outboxCounts(db, 'mail')).toMatchObject({ pending: 0 });
    for (const o of others) o.transport.close();
  });

  it('a long-lived loop also finds mail it was not told about (queued by another deliverer), within its idle wait', async () => {
    const loop = createDrainLoop(outbox.target, { maxSleepMs: 200 });
    loop.kick();
    await new Promise((r) => setTimeout(r, 100));
    await enqueue(database.handle.db, { topic: 'mail', kind: 'volunteerAck', recipient: 'quiet@example.com', payload: { volunteerId: 'x' } });
    await expect.poll(async () => (await outboxCounts(database.handle.db, 'mail')).pending, { timeout: 3000 }).toBe(0);
    await loop.stop();
  });

  it('a mail whose record was deleted before delivery is given up, not sent', async () => {
    const id = await enqueue(database.handle.db, { topic: 'mail', kind: 'registration', recipient: 'gone@example.com', payload: { registrationId: 'no-such-id' } });
    expect(await drain()).toMatchObject({ failed: 1, delivered: 0 });
    const row = await database.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(smtp.received).toHaveLength(0);
  });
});

describe('mail without SMTP_URL', () => {
  it('is written as an .eml file under DATA_DIR/mail/ and its path logged', async () => {
    const [sqlite] = dbTargets;
    const database = await sqlite!.create();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-mail-'));
    try {
      const { app } = await buildApp(database.handle, { env: { DATA_DIR: dataDir } });
      expect((await postJson(app, '/api/forms/registrations/', validPayloads.registration(1))).status).toBe(201);
      const logs = captureLog();
      const config = testConfig({ DATA_DIR: dataDir });
      const signer = await loadSigner(database.handle.db, undefined);
      const files = mailOutbox({ db: database.handle.db, dialect: 'sqlite', signer, config, log: logs.log });
      expect(await drainOutbox(files.target)).toMatchObject({ delivered: 1 });
      const written = fs.readdirSync(path.join(dataDir, 'mail'));
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(dataDir, 'mail', written[0]!), 'utf8');
      expect(eml).toMatch(/^Content-Type: multipart\/mixed/m);
      expect(eml).toContain('To: ada@example.com');
      expect(logs.messages().join('\n')).toContain(path.join(dataDir, 'mail', written[0]!));
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

