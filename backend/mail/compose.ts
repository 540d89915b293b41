import type Mail from 'nodemailer/lib/mailer';
import { PermanentFailure } from '../outbox/drain';
import type { OutboxEntry } from '../outbox/queue';
import type { ComposeContext, MailKind } from './kind';

export type { ComposeContext, ComposedMail } from './kind';

/**
 * Every mail the backend sends, by outbox kind: the kinds the features register (backend/mail-kinds.ts
 * lists them; this folder imports no feature). An entry carries ids, not copies: the mail is
 * composed at delivery from the rows as they are then, so a record deleted on request (a data
 * request) is never mailed afterwards. Text and HTML parts say the same.
 */
export interface MailKinds {
  /** The kind of this name, if one is registered. */
  get(name: string): MailKind | undefined;
  readonly all: readonly MailKind[];
}

/** The registry of the kinds given; two kinds of one name are a mistake, said at start. */
export function mailKinds(kinds: readonly MailKind[]): MailKinds {
  const byName = new Map<string, MailKind>();
  for (const kind of kinds) {
    if (byName.has(kind.name)) throw new Error(`Two mail kinds are named ${kind.name}`);
    byName.set(kind.name, kind);
  }
  return { get: (name) => byName.get(name), all: [...kinds] };
}

/** The whole message for an outbox entry: the same Message-ID on every attempt. */
export async function composeMessage(entry: OutboxEntry, ctx: ComposeContext, kinds: MailKinds): Promise<Mail.Options> {
  const kind = kinds.get(entry.kind);
  if (!kind) throw new PermanentFailure(`Unknown mail kind ${entry.kind}`);
  const mail = await kind.compose(entry, ctx);
  const domain = /@([^>\s]+)>?\s*$/.exec(ctx.config.mailFrom)?.[1] ?? 'localhost';
  return {
    from: ctx.config.mailFrom,
    to: entry.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? [],
    messageId: `<${entry.id}@${domain}>`,
    // Staff answer people from the inbox: their answers must reach someone even when MAIL_FROM is a no-reply address.
    ...(ctx.config.mailReplyTo ? { replyTo: ctx.config.mailReplyTo } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    date: new Date(),
  };
}
