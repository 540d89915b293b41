import type { Kysely, Migration } from 'kysely';
import { canonicalEmail } from '@/contract/forms/email';
import { processLogger } from '../../kernel/log';

/**
 * Issue 32: every stored address in its canonical form (contract/forms/email.ts: NFKC, trimmed,
 * the domain in ASCII, lower case), the form the schemas now give every new one, so old and new
 * rows compare, de-duplicate and count against caps alike. No row is lost:
 *
 * - An address the contract refuses (a zero-width or other format character, a bidi control, a
 *   space inside it) is left exactly as it is, never "cleaned": stripping the invisible character
 *   out of "victim@example.org\u200B" would hand that row to the real victim@example.org, which
 *   is what such an address is made for. Left alone it can never match new input (the schemas
 *   refuse it), so it claims, merges and counts against nothing. A newsletter subscription with
 *   such an address is marked unsubscribed: no newsletter goes to an address we would refuse today,
 *   and its owner could not use the unsubscribe link (the address in it is refused now).
 * - newsletter_subscriptions is unique on the address: variants of one address are merged into
 *   the oldest row (its id and first consent kept). The merged row is unsubscribed when one of
 *   them was, unless a still-subscribed variant was created after that unsubscribe (a re-subscribe
 *   leaves no date, so in doubt the unsubscribe wins). The other rows are deleted; the merge is
 *   logged with the row ids (never the address).
 * - staff_users is unique on the address too, but two accounts are never merged (passwords,
 *   sessions, roles and the audit log hang on each): when variants of one address belong to
 *   several accounts, none of them is changed and a warning names their ids for an admin to settle.
 * - audit_log keeps the actor's address as it was recorded, like the rest of the record.
 *
 * `down` changes nothing: the former spellings are not kept, and the canonical ones are valid
 * under the old rules too.
 */
interface Row {
  id: string;
  email: string;
}
interface DatedRow extends Row {
  created_at: string;
}
interface SubscriptionRow extends DatedRow {
  unsubscribed_at: string | null;
}
interface Tables {
  registrations: Row;
  partnerships: Row;
  donations: Row;
  volunteer_applications: Row;
  contact_messages: Row;
  newsletter_subscriptions: SubscriptionRow;
  staff_users: DatedRow;
}

const PLAIN_TABLES = ['registrations', 'partnerships', 'donations', 'volunteer_applications', 'contact_messages'] as const;

const NAME = '2026-11-26-1-canonical-emails';
const log = (line: string) => processLogger().warn({ area: 'migrate', migration: NAME }, line);

/** Rows by the canonical form of their address; rows without one under `refused`. */
function groupByCanonical<R extends Row>(rows: readonly R[]): { groups: Map<string, R[]>; refused: R[] } {
  const groups = new Map<string, R[]>();
  const refused: R[] = [];
  for (const row of rows) {
    const canonical = canonicalEmail(row.email);
    if (canonical === undefined) refused.push(row);
    else groups.set(canonical, [...(groups.get(canonical) ?? []), row]);
  }
  return { groups, refused };
}

const oldestFirst = (a: DatedRow, b: DatedRow) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/** The merged subscription's unsubscribed_at (see the header). */
export function mergedUnsubscribedAt(rows: readonly SubscriptionRow[]): string | null {
  const unsubscribes = rows.map((r) => r.unsubscribed_at).filter((at): at is string => at !== null);
  if (unsubscribes.length === 0) return null;
  const lastUnsubscribe = unsubscribes.sort().at(-1)!;
  const laterConsent = rows.some((r) => r.unsubscribed_at === null && r.created_at > lastUnsubscribe);
  return laterConsent ? null : lastUnsubscribe;
}

export const canonicalEmails: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<Tables>;
    const now = new Date().toISOString();

    for (const table of PLAIN_TABLES) {
      const rows = await db.selectFrom(table).select(['id', 'email']).execute();
      let changed = 0;
      let refused = 0;
      for (const row of rows) {
        const canonical = canonicalEmail(row.email);
        if (canonical === undefined) refused++;
        else if (canonical !== row.email) {
          await db.updateTable(table).set({ email: canonical }).where('id', '=', row.id).execute();
          changed++;
        }
      }
      if (changed || refused) log(`${table}: ${changed} address(es) made canonical, ${refused} refused one(s) left as they were`);
    }

    // The newsletter: one row per canonical address.
    const subscriptions = await db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'created_at', 'unsubscribed_at']).execute();
    const newsletter = groupByCanonical(subscriptions);
    for (const [canonical, rows] of newsletter.groups) {
      const [keep, ...others] = [...rows].sort(oldestFirst) as [SubscriptionRow, ...SubscriptionRow[]];
      const unsubscribedAt = others.length > 0 ? mergedUnsubscribedAt(rows) : keep.unsubscribed_at;
      if (others.length > 0) {
        // The duplicates go first: the kept row takes the canonical address they may hold.
        await db.deleteFrom('newsletter_subscriptions').where('id', 'in', others.map((r) => r.id)).execute();
        log(`newsletter_subscriptions: merged ${others.map((r) => r.id).join(', ')} into the oldest, ${keep.id} (${unsubscribedAt ? 'unsubscribed' : 'subscribed'})`);
      }
      if (keep.email !== canonical || keep.unsubscribed_at !== unsubscribedAt) {
        await db.updateTable('newsletter_subscriptions').set({ email: canonical, unsubscribed_at: unsubscribedAt }).where('id', '=', keep.id).execute();
      }
    }
    const stillSubscribed = newsletter.refused.filter((r) => r.unsubscribed_at === null);
    if (stillSubscribed.length > 0) {
      await db.updateTable('newsletter_subscriptions').set({ unsubscribed_at: now }).where('id', 'in', stillSubscribed.map((r) => r.id)).execute();
    }
    if (newsletter.refused.length > 0) {
      log(`newsletter_subscriptions: ${newsletter.refused.length} refused address(es) left as they were, ${stillSubscribed.length} of them unsubscribed`);
    }

    // Staff accounts: made canonical one by one, never merged.
    const staff = groupByCanonical(await db.selectFrom('staff_users').select(['id', 'email', 'created_at']).execute());
    for (const [canonical, rows] of staff.groups) {
      const [only, ...others] = rows as [DatedRow, ...DatedRow[]];
      if (others.length > 0) {
        log(`WARNING staff_users: accounts ${[...rows].sort(oldestFirst).map((r) => r.id).join(', ')} (oldest first) have one address in different spellings; none was changed. An admin should disable all but one.`);
      } else if (only.email !== canonical) {
        await db.updateTable('staff_users').set({ email: canonical }).where('id', '=', only.id).execute();
      }
    }
    if (staff.refused.length > 0) log(`WARNING staff_users: accounts ${staff.refused.map((r) => r.id).join(', ')} have an address the forms refuse; left as they were (they cannot sign in with it; an admin can make them a new account)`);
  },

  async down() {
    // Nothing to undo (see above).
  },
};
