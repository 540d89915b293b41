import { festivalNow } from '../kernel/clock';
import type { InboxKind, InboxStatus } from '@/contract/api/inbox';
import { recordAudit } from '../audit/log';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';
import { enqueue } from '../outbox/queue';
import type { StaffUser } from '../kernel/deps';
import { entryByRequestKey, findItem, ITEM_TABLES, type ItemRecord } from './queries';
import { inboxReplyMail } from './reply-mail';

/**
 * The inbox's changes. Each one and its audit row are one transaction; a reply is also stored with
 * its mail's outbox entry in that transaction, so a reply recorded is a mail owed, and the reverse.
 * Audit summaries name the item by kind and id only: never the sender's name or address.
 */
export class InboxItemNotFoundError extends Error {
  constructor() {
    super('No such inbox item');
    this.name = 'InboxItemNotFoundError';
  }
}

/** The reply form's token was already used for a reply to another item. */
export class RequestKeyReusedError extends Error {
  constructor() {
    super('Request key used for another item');
    this.name = 'RequestKeyReusedError';
  }
}

const KIND_WORDS: Record<InboxKind, string> = { partnership: 'partnership proposal', volunteer: 'volunteer application', contact: 'contact message' };
const describe = (kind: InboxKind, id: string) => `${KIND_WORDS[kind]} ${id}`;

async function mustFind(db: Db, kind: InboxKind, id: string): Promise<ItemRecord> {
  const item = await findItem(db, kind, id);
  if (!item) throw new InboxItemNotFoundError();
  return item;
}

/** Sets an item's status. The same status again changes nothing and records nothing. */
export async function setInboxStatus(db: Db, actor: StaffUser, kind: InboxKind, id: string, status: InboxStatus, now = festivalNow()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const item = await mustFind(trx, kind, id);
    if (item.status === status) return;
    await trx.updateTable(ITEM_TABLES[kind]).set({ status }).where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'inbox.status', targetType: kind, targetId: id, summary: `Status of ${describe(kind, id)}: ${item.status} → ${status}` }, now);
  });
}

export async function addInboxNote(db: Db, actor: StaffUser, kind: InboxKind, id: string, body: string, now = festivalNow()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await mustFind(trx, kind, id);
    const entryId = newId();
    await trx
      .insertInto('inbox_entries')
      .values({ id: entryId, item_kind: kind, item_id: id, type: 'note', author_id: actor.id, author_name: actor.name, author_email: actor.email, body, created_at: now.toISOString(), outbox_id: null, request_key: null })
      .execute();
    await recordAudit(trx, actor, { action: 'inbox.note', targetType: kind, targetId: id, summary: `Note added to ${describe(kind, id)} (${body.length} characters)` }, now);
  });
}

/**
 * Replies to the item's sender by mail (the festival's From address, through the outbox). The
 * form's `requestKey` makes it happen once: the same key again (a double click, a resent form, two
 * requests at once) finds the reply already stored and sends nothing. `sent` is false then.
 */
export async function sendInboxReply(
  db: Db,
  actor: StaffUser,
  kind: InboxKind,
  id: string,
  input: { body: string; requestKey: string },
  now = festivalNow(),
): Promise<{ sent: boolean }> {
  const replayed = async (): Promise<{ sent: boolean } | undefined> => {
    const existing = await entryByRequestKey(db, input.requestKey);
    if (!existing) return undefined;
    if (existing.item_kind !== kind || existing.item_id !== id) throw new RequestKeyReusedError();
    return { sent: false };
  };
  const before = await replayed();
  if (before) return before;
  try {
    await db.transaction().execute(async (trx) => {
      const item = await mustFind(trx, kind, id);
      const entryId = newId();
      // The entry first: a second request with the same key stops here (unique request_key), before any mail is queued.
      await trx
        .insertInto('inbox_entries')
        .values({ id: entryId, item_kind: kind, item_id: id, type: 'reply', author_id: actor.id, author_name: actor.name, author_email: actor.email, body: input.body, created_at: now.toISOString(), outbox_id: null, request_key: input.requestKey })
        .execute();
      const outboxId = await enqueue(trx, inboxReplyMail.entry(item.email, { entryId }));
      await trx.updateTable('inbox_entries').set({ outbox_id: outboxId }).where('id', '=', entryId).execute();
      await recordAudit(trx, actor, { action: 'inbox.reply', targetType: kind, targetId: id, summary: `Reply sent to the sender of ${describe(kind, id)} (${input.body.length} characters)` }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const after = await replayed();
      if (after) return after;
    }
    throw error;
  }
  return { sent: true };
}
