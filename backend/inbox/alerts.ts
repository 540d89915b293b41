import type { InboxKind } from '@/contract/api/inbox';
import type { Db } from '../db/schema';
import type { BackendConfig } from '../kernel/config';
import { enqueue } from '../outbox/queue';
import type { OutboxTopic } from '../outbox/queue';
import { inboxAlertMail } from './alert-mail';
import { ITEM_TABLES } from './queries';

/** At most one alert mail per this long (the batch window): what arrives in between waits for the next. */
export const INBOX_ALERT_WINDOW_MS = 5 * 60_000;
/** The most items one alert lists; more go in the next one (a backlog is never one huge mail). */
export const INBOX_ALERT_MAX_ITEMS = 50;

/** Thrown inside the claim's transaction to undo it when another instance took the items first. */
class NothingToAlert extends Error {}

export interface AlertDeps {
  config: Pick<BackendConfig, 'inboxAlertTo' | 'now'>;
  onOutboxWrite?: ((topic: OutboxTopic) => void) | undefined;
}

/**
 * The inbox calls staff (issue 43): after a drain pass (start.ts housekeeping, no timer of its
 * own), when INBOX_ALERT_TO is set and items arrived that no alert has listed, one mail to the team
 * lists them, at most one per INBOX_ALERT_WINDOW_MS. The state is in the database, so with several
 * instances one mail goes: the instance that moves inbox_alerts.sent_at forward from a time at
 * least a window old wins (a conditional update, one row: the others update nothing), and it marks
 * the items it lists (`alerted_at`) and queues the mail in the same transaction. A sent_at from the
 * clock's future (a rehearsal's FESTIVAL_NOW, then the real time again), or equal to now (a clock
 * that does not move), does not hold alerts back: the drain's own interval spaces them then.
 * Answers the number of items alerted (0: off, too soon, or nothing new).
 */
export async function alertNewInboxItems(db: Db, deps: AlertDeps): Promise<number> {
  const to = deps.config.inboxAlertTo;
  if (!to) return 0;
  const now = deps.config.now();
  const nowIso = now.toISOString();
  const pendingIn = (trx: Db) =>
    Promise.all(
      (Object.entries(ITEM_TABLES) as Array<[InboxKind, (typeof ITEM_TABLES)[InboxKind]]>).map(async ([kind, table]) =>
        (await trx.selectFrom(table).select(['id', 'created_at']).where('alerted_at', 'is', null).orderBy('created_at').limit(INBOX_ALERT_MAX_ITEMS).execute()).map((r) => ({ kind, ...r })),
      ),
    ).then((lists) =>
      lists
        .flat()
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
        .slice(0, INBOX_ALERT_MAX_ITEMS),
    );
  // Cheap first: nothing new, nothing to claim.
  if ((await pendingIn(db)).length === 0) return 0;
  const cutoff = new Date(now.getTime() - INBOX_ALERT_WINDOW_MS).toISOString();
  try {
    const alerted = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('inbox_alerts')
        .set({ sent_at: nowIso })
        .where('id', '=', 'team')
        .where((eb) => eb.or([eb('sent_at', 'is', null), eb('sent_at', '<=', cutoff), eb('sent_at', '>=', nowIso)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      const items = await pendingIn(trx);
      const marked: typeof items = [];
      for (const item of items) {
        // Only still unmarked: an item another transaction listed meanwhile is not listed twice.
        const res = await trx.updateTable(ITEM_TABLES[item.kind]).set({ alerted_at: nowIso }).where('id', '=', item.id).where('alerted_at', 'is', null).executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) marked.push(item);
      }
      if (marked.length === 0) throw new NothingToAlert();
      await enqueue(trx, inboxAlertMail.entry(to, { items: marked.map(({ kind, id }) => ({ kind, id })) }));
      return marked.length;
    });
    if (alerted > 0) deps.onOutboxWrite?.('mail');
    return alerted;
  } catch (error) {
    if (error instanceof NothingToAlert) return 0;
    throw error;
  }
}
