import type { BackendConfig } from '../config';
import type { Db, DbDialect } from '../db/schema';
import type { Signer } from '../lib/signing';
import { DEFAULT_DRAIN_POLICY, PermanentFailure, type Deliver, type DrainTarget } from '../outbox/drain';
import type { Logger } from '../types';
import { composeMessage, type ComposeContext } from './compose';
import { createMailTransport, type MailTransport } from './transport';
import { CAMPAIGN_MAIL_KIND } from './kinds/newsletter-campaign';

export { createMailTransport, type MailTransport } from './transport';
export { mailEntry, MAIL_KINDS, type MailKind } from './compose';

/** SMTP answers that concern this recipient for good (no such mailbox, refused address). */
const PERMANENT_SMTP_CODES = new Set([550, 551, 553, 554]);

/** Delivers a 'mail' outbox entry: compose it from the rows as they are now, and send it. */
function mailDeliver(ctx: ComposeContext, transport: MailTransport): Deliver {
  return async (entry) => {
    const message = await composeMessage(entry, ctx);
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

/** The mail outbox's drain target for this backend: its database, transport and retry policy. */
export function mailOutbox(deps: { db: Db; dialect: DbDialect; signer: Signer; config: BackendConfig; log: Logger }): MailOutbox {
  const { db, dialect, signer, config, log } = deps;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }, log);
  return {
    transport,
    target: {
      db,
      dialect,
      topic: 'mail',
      deliver: mailDeliver({ db, signer, config }, transport),
      policy: {
        ...DEFAULT_DRAIN_POLICY,
        backoff: { ...DEFAULT_DRAIN_POLICY.backoff, baseMs: config.mailRetryBaseMs },
        // Every kind together: a script posting forms with someone's address cannot flood their inbox.
        perRecipient: config.mailPerRecipientPerHour ? { max: config.mailPerRecipientPerHour, windowMs: 60 * 60_000 } : undefined,
        // Every instance together, as small SMTP plans allow; claimed after all other due mail.
        perKind: { [CAMPAIGN_MAIL_KIND]: { max: config.newsletterRatePerMinute, windowMs: 60_000 } },
      },
      log,
    },
  };
}
