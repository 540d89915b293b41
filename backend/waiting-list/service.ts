import { registrationState, registrationWindowState, type Edition } from '@/contract/edition';
import {
  OFFER_HOURS,
  OFFER_REMINDER_HOURS,
  WAITING_LIST_MESSAGES,
  type OfferClaimPayload,
  type OfferReason,
  type WaitingListPayload,
  type WaitingListReason,
} from '@/contract/api/waiting-list';
import { REGISTRATION_WINDOW_MESSAGES } from '@/contract/edition';
import type { BackendConfig } from '../kernel/config';
import type { Db } from '../db/schema';
import { claimPlaces, lockCounter, placesUsed, releasePlaces } from '../edition/counter';
import { currentEdition, remainingPlaces } from '../edition/service';
import { failureBody } from '../kernel/http';
import type { KeyedContext, Outcome } from '../kernel/idempotency';
import { newId, nowIso } from '../kernel/ids';
import { FORM_MESSAGES } from '../kernel/results';
import type { Signer } from '../kernel/signing';
import { enqueue, enqueueMany } from '../outbox/queue';
import type { MailEntry } from '../mail/kind';
import { emailKey } from '../kernel/email';
import type { OfferDeps, RegistrationSeam } from '../kernel/seams';
import { waitingListJoinedMail } from './joined-mail';
import { verifyOfferToken } from './links';
import { waitingListOfferMail } from './offer-mail';
import { waitingListClosedMail, waitingListOfferEndedMail, waitingListOfferReminderMail, waitingListSkippedMail } from './notice-mails';
import { expiredOffers, findEntry, firstWaitingThatFits, joinWaitingList, offersLapsingBefore, waitingAhead, waitingNotTold, type WaitingEntry } from './queries';

/**
 * The waiting list (issue 28): joining it when the edition is sold out, offering places that come
 * back (a ticket given back, a lapsed offer, staff raising the capacity), and taking an offer.
 *
 * The edition's counter (backend/edition/counter.ts) counts registered wristbands plus those held
 * by open offers, and every offer is made by the same conditional claim as a registration: nobody
 * is offered a place that is not free. An entry goes waiting → offered → registered | lapsed,
 * each step one conditional UPDATE on its status, so two instances never offer (or take) one entry
 * twice. Every flow that touches both the counter and an entry locks the counter first.
 *
 * First come, first served, and a place is never left empty while someone who fits waits: the
 * places go to the earliest entry whose number fits what is free. A head of the queue asking for
 * more than is free does not block smaller entries behind it (it keeps its place and is offered
 * as soon as enough is free at once); otherwise one large request could keep given-back
 * wristbands unused until the festival, which helps nobody.
 */

export type { OfferDeps };

/** When an offer made at `now` stops holding its places: 48 hours, and never after registration closes. */
export function offerExpiry(edition: Edition, now: Date): string {
  const hold = now.getTime() + OFFER_HOURS * 3_600_000;
  return new Date(Math.min(hold, Date.parse(edition.registrationClosesAt))).toISOString();
}

/**
 * Inside the caller's transaction: offers the free places of `edition` to the first waiting entry
 * that fits. Returns the entry offered, or undefined when nothing is free or nobody fits.
 */
export async function offerNextIn(trx: Db, edition: Edition, now: Date, reason: OfferReason = 'given-back'): Promise<WaitingEntry | undefined> {
  const name = edition.key;
  await lockCounter(trx, name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const free = edition.capacity === null ? Number.POSITIVE_INFINITY : edition.capacity - (await placesUsed(trx, name));
    if (free <= 0) return undefined;
    const entry = await firstWaitingThatFits(trx, name, free);
    if (!entry) return undefined;
    // The counter is the arbiter: the places are claimed like a registration's.
    if (!(await claimPlaces(trx, name, entry.number_of_tickets, edition.capacity))) return undefined;
    const offeredAt = now.toISOString();
    const marked = await trx
      .updateTable('waiting_list')
      .set((eb) => ({ status: 'offered', offered_at: offeredAt, offer_expires_at: offerExpiry(edition, now), offer_reason: reason, offers_made: eb('offers_made', '+', 1) }))
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) {
      // Offered by someone else meanwhile: give the places back and look again.
      await releasePlaces(trx, name, entry.number_of_tickets);
      continue;
    }
    await enqueue(trx, waitingListOfferMail.entry(entry.email, { entryId: entry.id, offer: entry.offers_made + 1 }));
    // Those ahead of it asked for more than was free: each is told why, once (issue 43).
    await tellPassedOver(trx, name, entry.position, now);
    return { ...entry, status: 'offered', offered_at: offeredAt, offer_reason: reason, offers_made: entry.offers_made + 1 };
  }
  return undefined;
}

/**
 * Stores a once-only notice for each of `entries` and queues its mail for those whose notice this
 * call stored (INSERT … ON CONFLICT DO NOTHING RETURNING on the primary key (entry_id, notice)): a
 * second pass, or another instance's at the same moment, stores nothing and sends nothing.
 */
async function noticeOnce(trx: Db, entries: ReadonlyArray<Pick<WaitingEntry, 'id' | 'email'>>, notice: string, mail: (entry: Pick<WaitingEntry, 'id' | 'email'>) => MailEntry, now: Date): Promise<number> {
  if (entries.length === 0) return 0;
  const stored = await trx
    .insertInto('waiting_list_notices')
    .values(entries.map((e) => ({ entry_id: e.id, notice, created_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['entry_id', 'notice']).doNothing())
    .returning('entry_id')
    .execute();
  const told = new Set(stored.map((r) => r.entry_id));
  const mails = entries.filter((e) => told.has(e.id)).map(mail);
  await enqueueMany(trx, mails);
  return mails.length;
}

/** Entries still waiting ahead of `position`: passed over for asking more than was free. */
async function tellPassedOver(trx: Db, edition: string, position: number, now: Date): Promise<number> {
  const ahead = await waitingAhead(trx, edition, position);
  return noticeOnce(trx, ahead, 'skipped', (e) => waitingListSkippedMail.entry(e.email, { entryId: e.id }), now);
}

/** Offers whose 48 hours are up lapse, each in its own transaction, and their places are released. */
export async function lapseExpiredOffers(db: Db, now: Date): Promise<number> {
  let lapsed = 0;
  for (const entry of await expiredOffers(db, now.toISOString())) {
    const done = await db.transaction().execute(async (trx) => {
      await lockCounter(trx, entry.edition);
      const marked = await trx
        .updateTable('waiting_list')
        .set({ status: 'lapsed' })
        .where('id', '=', entry.id)
        .where('status', '=', 'offered')
        .where('offer_expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return false;
      await releasePlaces(trx, entry.edition, entry.number_of_tickets);
      // The note after it lapsed (issue 43): once, with the status change that made it so.
      await enqueue(trx, waitingListOfferEndedMail.entry(entry.email, { entryId: entry.id, offer: Math.max(1, entry.offers_made), ended: 'lapsed' }));
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

/**
 * Lapses expired offers, then offers what is free to the waiting list, one entry per transaction,
 * until nothing is free or nobody fits. Safe to call from any instance at any time (after a
 * cancellation, after staff raise the capacity, from the drain's housekeeping): the counter and
 * the status guards decide. Offers are made only while registration is open.
 */
export async function offerFreedPlaces(db: Db, deps: OfferDeps, now: Date = deps.config.now(), reason: OfferReason = 'given-back'): Promise<{ lapsed: number; offered: number }> {
  const lapsed = await lapseExpiredOffers(db, now);
  const edition = await currentEdition(db, deps.config, now);
  let offered = 0;
  if (registrationWindowState(edition, now) === 'open') {
    for (let i = 0; i < 1000; i++) {
      const entry = await db.transaction().execute((trx) => offerNextIn(trx, edition, now, reason));
      if (!entry) break;
      offered++;
    }
  }
  if (offered > 0 || lapsed > 0) deps.onOutboxWrite?.('mail');
  return { lapsed, offered };
}

/**
 * One reminder per offer, OFFER_REMINDER_HOURS before it lapses (issue 43): offers that lapse
 * within that time and were made to hold longer than it (a shorter one's mail said its time
 * already). The notice `reminder <n>` (the entry's nth offer) is the once.
 */
export async function remindOffers(db: Db, now: Date): Promise<number> {
  const window = OFFER_REMINDER_HOURS * 3_600_000;
  const due = await offersLapsingBefore(db, now.toISOString(), new Date(now.getTime() + window).toISOString());
  let reminded = 0;
  for (const entry of due) {
    if (!entry.offered_at || !entry.offer_expires_at || Date.parse(entry.offer_expires_at) - Date.parse(entry.offered_at) <= window) continue;
    const offer = Math.max(1, entry.offers_made);
    reminded += await db
      .transaction()
      .execute((trx) => noticeOnce(trx, [entry], `reminder ${offer}`, (e) => waitingListOfferReminderMail.entry(e.email, { entryId: e.id, offer }), now));
  }
  return reminded;
}

/**
 * Registration has closed: everyone of the edition still waiting is told, once (issue 43). Run by
 * the drain's housekeeping (no timer); the notice 'closed' is the once, under any number of drainers.
 */
export async function tellRegistrationClosed(db: Db, config: OfferDeps['config'], now: Date): Promise<number> {
  const edition = await currentEdition(db, config, now);
  if (registrationWindowState(edition, now) !== 'closed') return 0;
  let told = 0;
  for (let i = 0; i < 20; i++) {
    const batch = await waitingNotTold(db, edition.key, 'closed', 200);
    if (batch.length === 0) break;
    told += await db.transaction().execute((trx) => noticeOnce(trx, batch, 'closed', (e) => waitingListClosedMail.entry(e.email, { entryId: e.id }), now));
  }
  return told;
}

/** The drain's housekeeping for the waiting list: lapse and offer, reminders, the word when registration closed. */
export async function waitingListHousekeeping(db: Db, deps: OfferDeps, now: Date = deps.config.now()): Promise<{ lapsed: number; offered: number; reminded: number; closedTold: number }> {
  const { lapsed, offered } = await offerFreedPlaces(db, deps, now);
  const reminded = await remindOffers(db, now);
  const closedTold = await tellRegistrationClosed(db, deps.config, now);
  if (reminded > 0 || closedTold > 0) deps.onOutboxWrite?.('mail');
  return { lapsed, offered, reminded, closedTold };
}

const refusal = (status: 404 | 409 | 410, message: string, reason?: WaitingListReason): Outcome => ({
  status,
  body: { ...failureBody(message), ...(reason ? { reason } : {}) },
});

/**
 * POST /forms/waiting-list/: only when the edition is sold out. One open entry per address and
 * edition; joining again answers exactly as the first time (nobody learns who is listed).
 */
export function waitingListFlow(deps: { db: Db; config: OfferDeps['config'] }) {
  const joined = (id: string, numberOfTickets: number): Outcome => ({
    status: 201,
    body: { success: true, data: { numberOfTickets }, waitingListId: id, message: WAITING_LIST_MESSAGES.joined },
  });
  return {
    async handle(data: WaitingListPayload, { commit }: KeyedContext): Promise<Outcome> {
      const now = deps.config.now();
      const edition = await currentEdition(deps.db, deps.config, now);
      const state = registrationState(edition, now, await remainingPlaces(deps.db, edition));
      if (state === 'open') return refusal(409, WAITING_LIST_MESSAGES.registerInstead, 'registration-open');
      if (state === 'not-yet') {
        return refusal(409, edition.registrationOpensAt ? REGISTRATION_WINDOW_MESSAGES.notYet(edition.registrationOpensAt) : REGISTRATION_WINDOW_MESSAGES.closed, 'registration-not-open');
      }
      if (state === 'closed') return refusal(409, REGISTRATION_WINDOW_MESSAGES.closed, 'registration-closed');
      return commit(async (trx) => {
        // The queue's order is `position` (joinWaitingList); created_at is the real time, not the festival clock.
        const entry = await joinWaitingList(trx, { edition: edition.key, name: data.name, email: data.email, numberOfTickets: data.numberOfTickets }, nowIso());
        if (entry.created) await enqueue(trx, waitingListJoinedMail.entry(emailKey(data.email), { entryId: entry.id }));
        return joined(entry.id, data.numberOfTickets);
      });
    },
    decoy: (): Outcome => joined(newId(), 1),
  };
}

type OfferCheck = { ok: true; entry: WaitingEntry & { offered_at: string; offer_expires_at: string } } | { ok: false; outcome: Outcome };

/** The entry behind an offer link, or the refusal: forged 404, taken 409, lapsed or expired 410. */
async function checkOffer(db: Db, signer: Signer, id: string, token: string | undefined, now: Date): Promise<OfferCheck> {
  const entry = /^[0-9a-f-]{36}$/.test(id) ? await findEntry(db, id) : undefined;
  if (!entry?.offered_at || !entry.offer_expires_at || !verifyOfferToken(signer, entry.id, entry.offered_at, token)) {
    return { ok: false, outcome: refusal(404, WAITING_LIST_MESSAGES.offerNotFound) };
  }
  if (entry.status === 'registered') return { ok: false, outcome: refusal(409, WAITING_LIST_MESSAGES.offerUsed, 'offer-used') };
  // Withdrawn by staff (issue 43): said as such, not as an offer that ran out of time.
  if (entry.status === 'withdrawn') return { ok: false, outcome: refusal(410, WAITING_LIST_MESSAGES.offerWithdrawn, 'offer-expired') };
  if (entry.status !== 'offered' || Date.parse(entry.offer_expires_at) <= now.getTime()) {
    return { ok: false, outcome: refusal(410, WAITING_LIST_MESSAGES.offerExpired, 'offer-expired') };
  }
  return { ok: true, entry: { ...entry, offered_at: entry.offered_at, offer_expires_at: entry.offer_expires_at } };
}

/** GET /waiting-list/offers/:id?t= — what the offer page shows. Reading never takes the offer (mail scanners follow links). */
export async function viewOffer(deps: { db: Db; config: OfferDeps['config'] }, signer: Signer, id: string, token: string | undefined): Promise<Outcome> {
  const checked = await checkOffer(deps.db, signer, id, token, deps.config.now());
  if (!checked.ok) return checked.outcome;
  const { entry } = checked;
  return {
    status: 200,
    body: {
      success: true,
      data: { id: entry.id, name: entry.name, numberOfTickets: entry.number_of_tickets, offeredAt: entry.offered_at, expiresAt: entry.offer_expires_at },
    },
  };
}

class OfferRaced extends Error {}

/**
 * POST /waiting-list/offers/:id/claim: in ONE transaction, the offer turns into a registration
 * (offered → registered, only while unexpired), the held places become its wristbands (held: n,
 * not claimed again), and its ticket mail is queued. Answers like POST /forms/registrations/.
 */
export async function claimOffer(
  deps: { db: Db; config: OfferDeps['config'] & Pick<BackendConfig, 'registrationsPerEmail'> },
  registrations: RegistrationSeam,
  signer: Signer,
  id: string,
  payload: OfferClaimPayload,
  { commit }: KeyedContext,
): Promise<Outcome> {
  const now = deps.config.now();
  const checked = await checkOffer(deps.db, signer, id, payload.token, now);
  if (!checked.ok) return checked.outcome;
  const { entry } = checked;
  const edition = await currentEdition(deps.db, deps.config, now);
  if (entry.edition !== edition.key || registrationWindowState(edition, now) === 'closed') {
    return refusal(410, WAITING_LIST_MESSAGES.offerClosed, 'registration-closed');
  }
  const n = entry.number_of_tickets;
  try {
    return await commit(async (trx) => {
      const taken = await trx
        .updateTable('waiting_list')
        .set({ status: 'registered' })
        .where('id', '=', entry.id)
        .where('status', '=', 'offered')
        .where('offer_expires_at', '>', now.toISOString())
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) throw new OfferRaced();
      const row = await registrations.create(
        trx,
        { firstName: payload.firstName, lastName: payload.lastName, email: entry.email, phone: payload.phone, numberOfTickets: n, submittedAt: nowIso() },
        { edition: entry.edition, capacity: edition.capacity, perEmail: deps.config.registrationsPerEmail, held: n },
        nowIso(),
      );
      await trx.updateTable('waiting_list').set({ registration_id: row.id }).where('id', '=', entry.id).execute();
      await registrations.queueTicketMail(trx, row);
      const ticketUrl = registrations.ticketPath(signer, row.ticket_reference);
      return {
        status: 201,
        body: {
          success: true,
          data: { id: row.id, ticketReference: row.ticket_reference, firstName: row.first_name, lastName: row.last_name, email: row.email, numberOfTickets: n },
          registrationId: row.id,
          ticketReference: row.ticket_reference,
          ticketUrl,
          message: FORM_MESSAGES.registration(row.ticket_reference),
        },
      };
    });
  } catch (error) {
    if (registrations.isAlreadyRegistered(error)) return refusal(409, WAITING_LIST_MESSAGES.offerAlreadyRegistered);
    if (!(error instanceof OfferRaced)) throw error;
    // Taken or lapsed by another request meanwhile: say which.
    const again = await checkOffer(deps.db, signer, id, payload.token, now);
    return again.ok ? refusal(409, WAITING_LIST_MESSAGES.offerUsed, 'offer-used') : again.outcome;
  }
}
