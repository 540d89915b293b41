import type { Db, DbDialect } from '../db/schema';
import type { BackendConfig } from '../kernel/config';
import type { Logger } from '../kernel/log';
import type { Signer } from '../kernel/signing';
import { DEFAULT_DRAIN_POLICY, PermanentFailure, type Deliver, type DrainTarget } from '../outbox/drain';
import { composeMessage, type ComposeContext, type MailKinds } from './compose';
import { createMailTransport, type MailTransport } from './transport';

export { createMailTransport, type MailTransport } from './transport';
export { mailKinds, type MailKinds } from './compose';
export { defineMailKind, type MailEntry, type MailKind } from './kind';

/** SMTP answers that concern this recipient for good (no such mailbox, refused address). */
const PERMANENT_SMTP_CODES = new Set([550, 551, 553, 554]);

/** Delivers a 'mail' outbox entry: compose it from the rows as they are now, and send it. */
function mailDeliver(ctx: ComposeContext, kinds: MailKinds, transport: MailTransport): Deliver {
  return async (entry) => {
    const message = await composeMessage(entry, ctx, kinds);
    try {
      await transport.send(message, entry.id);
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && PERMANENT_SMTP_CODES.has(code)) {
        throw new PermanentFailure(`SMTP ${code}: ${(error as Error).message}`);
      }
      throw error;
    }
  };
}

export interface MailOutbox {
  target: DrainTarget;
  transport: MailTransport;
}

export interface MailOutboxDeps {
  db: Db;
  dialect: DbDialect;
  signer: Signer;
  config: BackendConfig;
  log: Logger;
  /** The mail kinds the features register (backend/mail-kinds.ts). */
  kinds: MailKinds;
}

/** The mail outbox's drain target for this backend: its database, transport, kinds and retry policy. */
export function createMailOutbox(deps: MailOutboxDeps): MailOutbox {
  const { db, dialect, signer, config, log, kinds } = deps;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }, log);
  return {
    transport,
    target: {
      db,
      dialect,
      topic: 'mail',
      deliver: mailDeliver({ db, signer, config }, kinds, transport),
      policy: {
        ...DEFAULT_DRAIN_POLICY,
        backoff: { ...DEFAULT_DRAIN_POLICY.backoff, baseMs: config.mailRetryBaseMs },
        // Every kind together: a script posting forms with someone's address cannot flood their inbox.
        perRecipient: config.mailPerRecipientPerHour ? { max: config.mailPerRecipientPerHour, windowMs: 60 * 60_000 } : undefined,
        // Every instance together, as small SMTP plans allow; claimed after all other due mail.
        perKind: Object.fromEntries(kinds.all.flatMap((kind) => (kind.pace ? [[kind.name, kind.pace(config)]] : []))),
      },
      log,
    },
  };
}
