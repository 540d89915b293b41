import { festivalNow } from '../kernel/clock';
import { sql } from 'kysely';
import { DASHBOARD_RECENT, MAIL_OVERDUE_MINUTES, type Dashboard } from '@/contract/api/admin';
import type { Edition } from '@/contract/edition';
import type { Db } from '../db/schema';
import type { DashboardSources } from '../kernel/seams';

/**
 * The staff dashboard's figures, counted by the database. PostgreSQL answers count() and sum() as
 * bigint/numeric, which node-postgres returns as strings: every figure goes through Number().
 */
const n = (value: unknown): number => Number(value ?? 0);

async function countOf(db: Db, table: 'partnerships' | 'volunteer_applications' | 'contact_messages'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return n(row.n);
}

/** "ada@example.com" → "a••@example.com": enough to recognise, not to copy. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  return `${local[0]}${'•'.repeat(Math.min(Math.max(local.length - 1, 2), 6))}${email.slice(at)}`;
}

/**
 * Registrations, wristbands, check-ins, given-back tickets and the waiting list are the current
 * edition's (`edition.key`; rows from before editions were recorded count as current). The figures
 * other features keep come through `sources` (kernel/seams.ts DashboardSources, given by app.ts).
 */
export async function dashboardFigures(db: Db, sources: DashboardSources, edition: Pick<Edition, 'key' | 'startDate' | 'capacity'>, now = festivalNow()): Promise<Dashboard> {
  const { checkInCounts, waitingListCounts, gateDuplicates, inboxCounts } = sources;
  // The outbox keeps the machine's clock (kernel/clock.ts): so does the question of mail waiting too long.
  const overdueBefore = new Date(Date.now() - MAIL_OVERDUE_MINUTES * 60_000).toISOString();
  const unpaced = sources.pacedMailKinds.length > 0 ? sql<boolean>`kind not in (${sql.join(sources.pacedMailKinds)})` : sql<boolean>`1 = 1`;
  const ofEdition = sql<boolean>`(edition = ${edition.key} or edition is null)`;
  const [checkIns, donations, partnerships, volunteers, newsletter, contact, mail, givenBack, waitingList, duplicates, inbox] = await Promise.all([
    checkInCounts(db, edition.key),
    db
      .selectFrom('donations')
      .select([
        sql<string>`coalesce(sum(case when status = 'succeeded' then 1 else 0 end), 0)`.as('count'),
        sql<string>`coalesce(sum(case when status = 'succeeded' then amount_kobo else 0 end), 0)`.as('total'),
        sql<string>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('pending'),
        sql<string>`coalesce(sum(case when status = 'review' then 1 else 0 end), 0)`.as('review'),
      ])
      .executeTakeFirstOrThrow(),
    countOf(db, 'partnerships'),
    countOf(db, 'volunteer_applications'),
    // Subscribers are confirmed and not unsubscribed (issue 31); sign-ups waiting for their confirmation are counted apart.
    db
      .selectFrom('newsletter_subscriptions')
      .select([
        sql<string>`coalesce(sum(case when confirmed_at is not null and unsubscribed_at is null then 1 else 0 end), 0)`.as('n'),
        sql<string>`coalesce(sum(case when confirmed_at is null then 1 else 0 end), 0)`.as('unconfirmed'),
      ])
      .executeTakeFirstOrThrow(),
    countOf(db, 'contact_messages'),
    db
      .selectFrom('outbox')
      .select([
        sql<string>`coalesce(sum(case when status = 'failed' then 1 else 0 end), 0)`.as('failed'),
        sql<string>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('pending'),
        // Held back by the per-recipient limit: waiting on purpose, so not overdue (and counted apart).
        // Paced kinds (campaign mails, NEWSLETTER_RATE_PER_MINUTE) wait on purpose: neither overdue nor held by the per-recipient limit (their progress is on /staff/newsletter).
        sql<string>`coalesce(sum(case when status = 'pending' and ${unpaced} and held_until is null and created_at < ${overdueBefore} then 1 else 0 end), 0)`.as('overdue'),
        sql<string>`coalesce(sum(case when status = 'pending' and ${unpaced} and held_until is not null then 1 else 0 end), 0)`.as('held'),
      ])
      .where('topic', '=', 'mail')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('registrations')
      .select([sql<string>`count(*)`.as('registrations'), sql<string>`coalesce(sum(number_of_tickets), 0)`.as('wristbands')])
      .where(ofEdition)
      .where('cancelled_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    waitingListCounts(db, edition.key),
    gateDuplicates(db, edition.key),
    inboxCounts(db, now),
  ]);

  const [registrations, donationRows, unpaidRows, partnershipRows, volunteerRows, newsletterRows, contactRows] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(['first_name', 'last_name', 'ticket_reference', 'number_of_tickets', 'checked_in_at', 'cancelled_at', 'created_at'])
      .where(ofEdition)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_RECENT)
      .execute(),
    db
      .selectFrom('donations')
      .select(['first_name', 'last_name', 'amount_kobo', 'created_at'])
      .where('status', '=', 'succeeded')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_RECENT)
      .execute(),
    db
      .selectFrom('donations')
      .select(['first_name', 'last_name', 'amount_kobo', 'status', 'created_at'])
      .where('status', 'in', ['pending', 'review'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_RECENT)
      .execute(),
    db.selectFrom('partnerships').select(['first_name', 'last_name', 'organization', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DASHBOARD_RECENT).execute(),
    db.selectFrom('volunteer_applications').select(['first_name', 'last_name', 'availability', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DASHBOARD_RECENT).execute(),
    db
      .selectFrom('newsletter_subscriptions')
      .select(['email', 'confirmed_at'])
      .where('confirmed_at', 'is not', null)
      .where('unsubscribed_at', 'is', null)
      .orderBy('confirmed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_RECENT)
      .execute(),
    db.selectFrom('contact_messages').select(['name', 'topic', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DASHBOARD_RECENT).execute(),
  ]);

  return {
    edition: edition.startDate,
    registrations: {
      count: checkIns.registrations,
      wristbands: checkIns.wristbands,
      capacity: edition.capacity,
      checkedInRegistrations: checkIns.checkedInRegistrations,
      checkedInWristbands: checkIns.checkedInWristbands,
    },
    givenBack: { registrations: n(givenBack.registrations), wristbands: n(givenBack.wristbands) },
    waitingList,
    donations: { count: n(donations.count), totalKobo: n(donations.total), pending: n(donations.pending), review: n(donations.review) },
    partnerships,
    volunteers,
    newsletter: n(newsletter.n),
    newsletterUnconfirmed: n(newsletter.unconfirmed),
    contact,
    inbox,
    mail: { failed: n(mail.failed), pending: n(mail.pending), overdue: n(mail.overdue), heldBack: n(mail.held) },
    recent: {
      registrations: registrations.map((r) => ({
        name: `${r.first_name} ${r.last_name}`,
        reference: r.ticket_reference,
        wristbands: n(r.number_of_tickets),
        checkedIn: r.checked_in_at !== null,
        givenBack: r.cancelled_at !== null,
        at: r.created_at,
      })),
      donations: donationRows.map((r) => ({ name: `${r.first_name} ${r.last_name}`, amountKobo: n(r.amount_kobo), at: r.created_at })),
      unpaidDonations: unpaidRows.map((r) => ({
        name: `${r.first_name} ${r.last_name}`,
        amountKobo: n(r.amount_kobo),
        status: r.status === 'review' ? ('review' as const) : ('pending' as const),
        at: r.created_at,
      })),
      partnerships: partnershipRows.map((r) => ({ name: `${r.first_name} ${r.last_name}`, organization: r.organization, at: r.created_at })),
      volunteers: volunteerRows.map((r) => ({ name: `${r.first_name} ${r.last_name}`, availability: r.availability, at: r.created_at })),
      newsletter: newsletterRows.map((r) => ({ email: maskEmail(r.email), at: r.confirmed_at ?? '' })),
      contact: contactRows.map((r) => ({ name: r.name, topic: r.topic, at: r.created_at })),
    },
    duplicates,
    generatedAt: now.toISOString(),
  };
}
