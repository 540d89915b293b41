import type Mail from 'nodemailer/lib/mailer';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Edition } from '@/contract/edition';
import type { Database, Db } from '../db/schema';
import { currentEdition } from '../edition/service';
import type { BackendConfig } from '../kernel/config';
import type { Signer } from '../kernel/signing';
import { PermanentFailure } from '../outbox/drain';
import type { NewOutboxEntry, OutboxEntry } from '../outbox/queue';

/**
 * One kind of mail, defined by the feature that sends it (tickets/registration-mail.ts…) and
 * registered with the mail outbox at start (backend/mail-kinds.ts): the payload its outbox entry
 * carries, `load` (its own query: the rows as they are at delivery, or a PermanentFailure when they
 * are gone) and `render`. The feature queues it with `kind.entry(recipient, payload)`.
 */
export interface ComposeContext {
  db: Db;
  signer: Signer;
  config: Pick<BackendConfig, 'siteUrl' | 'mailFrom' | 'mailReplyTo' | 'editionSettings' | 'now' | 'gateSigningKey'>;
}

/** What `render` gets: everything but the database (reading is `load`'s job), and the current edition. */
export type RenderContext = Omit<ComposeContext, 'db'> & { edition: Edition };

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: Mail.Attachment[];
  headers?: Record<string, string>;
}

/** How fast a kind may go out, across every instance: at most `max` per `windowMs` (claimed after all other due mail). */
export interface MailPace {
  max: number;
  windowMs: number;
}

export interface MailKindSpec<S extends z.ZodType, L, X extends object> {
  payload: S;
  /** `recipient` is the entry's address (kinds that carry no ids find their rows by it). */
  load: (db: Db, payload: z.output<S>, recipient: string) => Promise<L>;
  /** What else `render` is given, made from the compose context and the edition (a ticket's gate pass: tickets/ticket-mail.ts). */
  extend?: (ctx: ComposeContext, edition: Edition) => X;
  render: (loaded: L, ctx: RenderContext & X) => ComposedMail | Promise<ComposedMail>;
  /** A kind sent in bulk (a newsletter campaign) is paced, as small SMTP plans allow. */
  pace?: (config: BackendConfig) => MailPace;
}

/** An outbox entry of the mail topic. */
export type MailEntry = NewOutboxEntry & { topic: 'mail' };

export interface MailKind<S extends z.ZodType = z.ZodType> {
  /** The outbox entry's `kind`: stored with every entry, so never renamed. */
  readonly name: string;
  readonly payload: S;
  readonly pace?: ((config: BackendConfig) => MailPace) | undefined;
  /** The entry's mail: its payload parsed, its rows loaded, rendered. */
  compose(entry: OutboxEntry, ctx: ComposeContext): Promise<ComposedMail>;
  /** The outbox entry that sends this mail to `recipient` (the payload validated). */
  entry(recipient: string, payload: z.output<S>): MailEntry;
}

export function defineMailKind<S extends z.ZodType, L, X extends object = Record<never, never>>(name: string, spec: MailKindSpec<S, L, X>): MailKind<S> {
  return {
    name,
    payload: spec.payload,
    pace: spec.pace,
    async compose(entry, ctx) {
      const payload = spec.payload.parse(entry.payload);
      const loaded = await spec.load(ctx.db, payload, entry.recipient);
      const edition = await currentEdition(ctx.db, ctx.config);
      const extra = spec.extend ? spec.extend(ctx, edition) : ({} as X);
      return spec.render(loaded, { ...ctx, edition, ...extra });
    },
    entry(recipient, payload) {
      return { topic: 'mail', kind: name, recipient, payload: spec.payload.parse(payload) };
    },
  };
}

/** The row a mail is about was deleted (a data request) before the mail went out: never retried. */
export const gone = (what: string) => new PermanentFailure(`${what} no longer exists (deleted before the mail was sent)`);

/** The tables a mail may be about, one row each: those whose rows have a text `id`. */
export type MailRowTable = { [T in keyof Database]: Database[T] extends { id: string } ? T : never }[keyof Database];

/** A `load` step: the row with this id, or `gone(what)`. */
export async function rowById<T extends MailRowTable>(db: Db, table: T, id: string, what: string): Promise<Selectable<Database[T]>> {
  // Any such table: Kysely is shown one of them, so that `id` type-checks without a union of every table's columns.
  const row = await db.selectFrom(table as 'partnerships').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw gone(what);
  return row as Selectable<Database[T]>;
}
