import type Mail from 'nodemailer/lib/mailer';
import type { z } from 'zod';
import type { Edition } from '@/contract/edition';
import type { BackendConfig } from '../config';
import { currentEdition } from '../edition/service';
import { gateKeysOf, ticketPass } from '../gate/keys';
import type { Selectable } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { Signer } from '../lib/signing';
import { PermanentFailure } from '../outbox/drain';
import type { OutboxEntry } from '../outbox/queue';

/**
 * One kind of mail (kinds/<kind>.ts): the payload its outbox entry carries, `load` (its own query:
 * the rows as they are at delivery, or a PermanentFailure when they are gone) and `render`.
 */
export interface ComposeContext {
  db: Db;
  signer: Signer;
  config: Pick<BackendConfig, 'siteUrl' | 'mailFrom' | 'mailReplyTo' | 'editionSettings' | 'now' | 'gateSigningKey'>;
}

/** What `render` gets: everything but the database (reading is `load`'s job), and the current edition. */
export type RenderContext = Omit<ComposeContext, 'db'> & {
  edition: Edition;
  /** A ticket's gate pass (backend/gate/keys.ts ticketPass), or null: what its QR code carries. */
  gatePass: (row: Parameters<typeof ticketPass>[1]) => Promise<string | null>;
};

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: Mail.Attachment[];
  headers?: Record<string, string>;
}

export interface MailKindSpec<S extends z.ZodType, L> {
  payload: S;
  /** `recipient` is the entry's address (kinds that carry no ids find their rows by it). */
  load: (db: Db, payload: z.output<S>, recipient: string) => Promise<L>;
  render: (loaded: L, ctx: RenderContext) => ComposedMail | Promise<ComposedMail>;
}

export interface MailKindModule<S extends z.ZodType, L> extends MailKindSpec<S, L> {
  /** The entry's mail: its payload parsed, its rows loaded, rendered. */
  compose: (entry: OutboxEntry, ctx: ComposeContext) => Promise<ComposedMail>;
}

export function defineMailKind<S extends z.ZodType, L>(spec: MailKindSpec<S, L>): MailKindModule<S, L> {
  return {
    ...spec,
    async compose(entry, ctx) {
      const payload = spec.payload.parse(entry.payload);
      const loaded = await spec.load(ctx.db, payload, entry.recipient);
      const edition = await currentEdition(ctx.db, ctx.config);
      const keys = gateKeysOf(ctx);
      return spec.render(loaded, { ...ctx, edition, gatePass: (row) => ticketPass(keys, row, edition) });
    },
  };
}

/** The row a mail is about was deleted (a data request) before the mail went out: never retried. */
export const gone = (what: string) => new PermanentFailure(`${what} no longer exists (deleted before the mail was sent)`);

/** The tables a mail is about, one row each. */
export type MailRowTable = 'registrations' | 'donations' | 'partnerships' | 'volunteer_applications';

/** A `load` step: the row with this id, or `gone(what)`. */
export async function rowById<T extends MailRowTable>(db: Db, table: T, id: string, what: string): Promise<Selectable<Database[T]>> {
  const row = await db.selectFrom(table as MailRowTable).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw gone(what);
  return row as Selectable<Database[T]>;
}
