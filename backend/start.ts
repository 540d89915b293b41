import { withFestivalClock } from './kernel/clock';
import type { Context } from 'hono';
import { createApp, type BackendApp } from './app';
import type { BackendConfig } from './kernel/config';
import { connectDb } from './db/connect';
import { migrateToLatest, withBusyRetry } from './db/migrate';
import type { Db, DbDialect } from './db/schema';
import { seedContent } from './db/seed';
import { currentEdition } from './edition/service';
import { unknownClientWarning } from './kernel/client-address';
import { loadSigner } from './kernel/signing';
import { mailOutbox } from './mail-kinds';
import { reconcileDonations } from './donations/checkout';
import { occasionally } from './kernel/occasional';
import { processLogger } from './kernel/log';
import { makePrivate } from './kernel/private-files';
import { waitingListHousekeeping } from './waiting-list/service';
import { advanceCampaigns } from './campaigns/service';
import { SEAMS } from './seams';
import { startHolderMailings } from './tickets/holder-mailings';
import { forgetUnconfirmedSignUps } from './newsletter/confirm';
import { alertNewInboxItems } from './inbox/alerts';
import { createMediaSweeper } from './media/sweep';
import { createDrainLoop, drainOutbox, type DrainLoop, type DrainResult } from './outbox/drain';
import type { OutboxTopic } from './outbox/queue';
import { createPaystackCheckout, createSandboxGateway, type PaymentGateway, type PaystackCheckout } from './payments';
import type { AppEnv, Logger } from './kernel/deps';

export interface Backend {
  app: BackendApp;
  db: Db;
  dialect: DbDialect;
  /**
   * One bounded pass over the due mail (what after(), the cron route and tests call), followed by
   * the media sweep (backend/media/sweep.ts: images nothing has used for a day; at most once per
   * few minutes per instance) and the reconciliation of pending Paystack donations (at most once a
   * minute per instance), and the waiting list's lapse-and-offer pass (at most once a minute per
   * instance). `mediaDeleted`: the images that pass deleted; `donations`: what it checked;
   * `waitingList`: offers lapsed and made, reminders queued, people told registration closed; `newsletterForgotten`: unconfirmed newsletter sign-ups
   * deleted 30 days after signing up (at most about once an hour per instance); `campaigns`: the
   * campaigns' recipients queued and campaigns finished (backend/campaigns/service.ts: the newsletter's and the
   * announcements to ticket holders); `holderMailings`: the reminder and thank-you started (backend/tickets/holder-mailings.ts);
   * `inboxAlerted`: new inbox items listed in the team's alert mail (backend/inbox/alerts.ts; INBOX_ALERT_TO,
   * at most one mail per 5 minutes across instances).
   */
  drainMail: (
    budgetMs?: number,
  ) => Promise<DrainResult & { mediaDeleted: number; donations: { checked: number; settled: number }; waitingList: { lapsed: number; offered: number; reminded: number; closedTold: number }; newsletterForgotten: number; holderMailings: number; campaigns: { queued: number; finished: number }; inboxAlerted: number }>;
  /**
   * Long-lived hosts only (one Node server, the standalone backend): deliver after every write and
   * wake for retries. Serverless hosts drain after the response and from the cron route instead.
   */
  startMailLoop: () => void;
  close: () => Promise<void>;
}

export interface StartOptions {
  gateway?: PaymentGateway;
  /** Paystack's checkout; default from PAYSTACK_SECRET_KEY; null: none (the sandbox). */
  checkout?: PaystackCheckout | null;
  log?: Logger;
  socketAddress?: (c: Context<AppEnv>) => string | undefined;
  /** After a write that queued mail. Default: kick the mail loop when it runs. */
  onOutboxWrite?: (topic: OutboxTopic) => void;
}

/** Paystack's redirect checkout when a secret key is configured; undefined means the sandbox. */
function checkoutFromConfig(config: BackendConfig): PaystackCheckout | undefined {
  return config.paystackSecretKey
    ? createPaystackCheckout({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl, checkoutOrigin: config.paystackCheckoutOrigin })
    : undefined;
}

/** Connects, migrates, seeds the content, and builds the app: what every entry point does at start. */
export async function startBackend(config: BackendConfig, options: StartOptions = {}): Promise<Backend> {
  // DATA_DIR (the SQLite file, mail copies, backups) is owner-only: an older, looser one is
  // tightened (on SQLite connectDb makes it so; on PostgreSQL it holds the mail copies and backups).
  if (!config.submissionsOff) makePrivate(config.dataDir);
  const handle = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  let signer;
  try {
    await migrateToLatest(handle.db);
    await withBusyRetry(async () => seedContent(handle.db, config.now(), await currentEdition(handle.db, config)));
    signer = await withBusyRetry(() => loadSigner(handle.db, config.ticketSecret));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const log = options.log ?? processLogger();
  const unknownClients = unknownClientWarning({ production: config.production, trust: config.trustedProxies, socket: Boolean(options.socketAddress) });
  if (unknownClients) log.warn({ area: 'backend' }, unknownClients);
  const { target: mail, transport } = mailOutbox({ db: handle.db, dialect: handle.dialect, signer, config, log });
  const media = createMediaSweeper(handle.db, handle.dialect, { log });
  const checkout = options.checkout === undefined ? checkoutFromConfig(config) : (options.checkout ?? undefined);
  let loop: DrainLoop | undefined;
  const kickMail = (topic: OutboxTopic) => {
    if (loop) loop.kick();
    else options.onOutboxWrite?.(topic);
  };
  // Donations still pending after a few minutes are asked about (a lost webhook, a closed tab).
  const reconcile = checkout
    ? occasionally('payments', (now) => reconcileDonations({ db: handle.db, config, log, onOutboxWrite: kickMail, checkout }, { now }), {
        minIntervalMs: 60_000,
        log,
        idle: { checked: 0, settled: 0 },
      })
    : async () => ({ checked: 0, settled: 0 });
  // Waiting-list offers whose 48 hours are up pass to the next in line, places freed by any
  // instance are offered, offers about to lapse are reminded of, and once registration has closed
  // those still waiting are told (backend/waiting-list/service.ts): at most once a minute per instance.
  const offers = occasionally('waiting-list', () => waitingListHousekeeping(handle.db, { config, log, onOutboxWrite: kickMail }), {
    minIntervalMs: 60_000,
    log,
    idle: { lapsed: 0, offered: 0, reminded: 0, closedTold: 0 },
  });
  /** What runs after each pass over the mail, wherever the drain runs. */
  // Newsletter sign-ups never confirmed within 30 days are forgotten (backend/newsletter/confirm.ts): about once an hour per instance.
  const forgetSignUps = occasionally('newsletter', (now) => forgetUnconfirmedSignUps(handle.db, now), { minIntervalMs: 60 * 60_000, log, idle: 0 });
  // Newsletter campaigns being sent get their next batch of recipients queued, and are marked sent
  // when done (backend/campaigns/service.ts; announcements to ticket holders too): every pass, one small read when none is sending. No
  // kick: what it queued is due at once, for the next pass (the loop's next wake, after(), cron).
  const audiences = Object.values(SEAMS.audiences);
  const campaigns = occasionally('campaigns', (now) => advanceCampaigns(handle.db, audiences, now), { minIntervalMs: 0, log, idle: { queued: 0, finished: 0 } });
  // The reminder before the festival and the thank-you after it start once per edition, when due
  // (backend/tickets/holder-mailings.ts); the campaigns' pass above then sends them in batches.
  // About once a minute per instance: one small read of the settings and the edition.
  const holderMailings = occasionally('holder-mailings', () => startHolderMailings(handle.db, config, SEAMS.audiences.ticketHolders), { minIntervalMs: 60_000, log, idle: 0 });
  // New inbox items are mailed to the team (INBOX_ALERT_TO), batched: the database decides which
  // instance sends and when (backend/inbox/alerts.ts, at most one mail per 5 minutes). Every pass:
  // a few small reads when alerts are on, nothing when off; what it queues is kicked at once.
  const inboxAlerts = occasionally('inbox-alerts', () => alertNewInboxItems(handle.db, { config, onOutboxWrite: kickMail }), { minIntervalMs: 0, log, idle: 0 });
  // Inside the festival's clock, like a request (kernel/clock.ts): what a pass stores is timed as it decides.
  const housekeeping = () =>
    withFestivalClock(config.now, async () => ({
      mediaDeleted: await media.sweep(),
      donations: await reconcile(),
      waitingList: await offers(),
      newsletterForgotten: await forgetSignUps(),
      holderMailings: await holderMailings(),
      campaigns: await campaigns(),
      inboxAlerted: await inboxAlerts(),
    }));

  const app = createApp({
    db: handle.db,
    dialect: handle.dialect,
    config,
    // The spec's card form only ever charges the sandbox; real money goes through Paystack's page.
    gateway: options.gateway ?? createSandboxGateway(),
    checkout,
    signer,
    log,
    // A long-lived server's loop delivers (and schedules the retries); elsewhere the host's hook
    // (after() in the site) does.
    onOutboxWrite: kickMail,
    ...(options.socketAddress ? { socketAddress: options.socketAddress } : {}),
  });
  return {
    app,
    db: handle.db,
    dialect: handle.dialect,
    async drainMail(budgetMs) {
      const result = await drainOutbox(mail, budgetMs);
      return { ...result, ...(await housekeeping()) };
    },
    startMailLoop() {
      if (config.submissionsOff) return;
      loop ??= createDrainLoop(mail, { afterPass: housekeeping });
      loop.kick();
    },
    async close() {
      await loop?.stop();
      transport.close();
      await handle.close();
    },
  };
}
