import type { Selectable } from 'kysely';
import type { DonationPayload } from '@/contract/api/forms';
import type { DonationCheckoutPayload, DonationState } from '@/contract/api/donations';
import type { Db, DonationTable } from '../db/schema';

export type DonationRow = Selectable<DonationTable>;

function donorColumns(donor: DonationPayload['donor']) {
  return {
    first_name: donor.firstName,
    last_name: donor.lastName,
    email: donor.email.toLowerCase(),
    phone: donor.phone,
    street: donor.address.street,
    city: donor.address.city,
    state: donor.address.state,
    zipcode: donor.address.zipcode,
  };
}

/** A sandbox charge (the spec's card form). Only the card's last four digits and brand are given, never more. */
export interface NewDonation {
  id: string;
  amountKobo: number;
  donor: DonationPayload['donor'];
  cardHolder: string;
  cardLast4: string;
  cardBrand: string;
  gateway: string;
  gatewayReference: string;
  source: string;
}

export async function createDonation(db: Db, input: NewDonation, now: string) {
  const row = {
    id: input.id,
    amount_kobo: input.amountKobo,
    currency: 'NGN',
    ...donorColumns(input.donor),
    card_holder: input.cardHolder,
    card_last4: input.cardLast4,
    card_brand: input.cardBrand,
    gateway: input.gateway,
    gateway_reference: input.gatewayReference,
    status: 'succeeded' satisfies DonationState,
    source: input.source,
    created_at: now,
    paid_at: now,
    channel: 'card',
  };
  await db.insertInto('donations').values(row).execute();
  return row;
}

/** A donation waiting for Paystack's checkout: no card columns until Paystack says how it was paid. */
export interface NewPendingDonation {
  id: string;
  amountKobo: number;
  donor: DonationCheckoutPayload['donor'];
  source: string;
  reference: string;
  authorizationUrl: string;
  /** A retry's checkout: the id of the donation's first row (issue 42). */
  retryOf?: string;
}

export async function createPendingDonation(db: Db, input: NewPendingDonation, now: string) {
  const row = {
    id: input.id,
    amount_kobo: input.amountKobo,
    currency: 'NGN',
    ...donorColumns(input.donor),
    card_holder: '',
    card_last4: '',
    card_brand: '',
    gateway: 'paystack',
    gateway_reference: input.reference,
    status: 'pending' satisfies DonationState,
    source: input.source,
    created_at: now,
    authorization_url: input.authorizationUrl,
    retry_of: input.retryOf ?? null,
  };
  await db.insertInto('donations').values(row).execute();
  return row;
}

export function donationByReference(db: Db, reference: string): Promise<DonationRow | undefined> {
  return db.selectFrom('donations').selectAll().where('gateway_reference', '=', reference).executeTakeFirst();
}

/** How Paystack says a donation was paid. */
export interface PaymentFacts {
  channel: string | null;
  gatewayResponse: string | null;
  paidAt: string;
  cardLast4: string | null;
  cardBrand: string | null;
}

/**
 * The one step that makes a donation paid: a conditional update from any state but `succeeded`
 * (and `review`, which waits for a person). True when this call changed the row, which is when,
 * and only when, its receipt is owed: a replayed webhook or a refreshed return page changes nothing.
 */
export async function markSucceeded(db: Db, id: string, facts: PaymentFacts): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({
      status: 'succeeded' satisfies DonationState,
      channel: facts.channel,
      gateway_response: facts.gatewayResponse,
      paid_at: facts.paidAt,
      ...(facts.cardLast4 ? { card_last4: facts.cardLast4, card_brand: facts.cardBrand ?? '' } : {}),
    })
    .where('id', '=', id)
    .where('status', 'not in', ['succeeded', 'review'] satisfies DonationState[])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Paystack reports a payment that differs from what was asked: held for a person, never paid or receipted. */
export async function holdForReview(db: Db, id: string, gatewayResponse: string): Promise<void> {
  await db
    .updateTable('donations')
    .set({ status: 'review' satisfies DonationState, gateway_response: gatewayResponse })
    .where('id', '=', id)
    .where('status', '<>', 'succeeded' satisfies DonationState)
    .execute();
}

/** Moves a donation on from `pending` only: a paid one is never marked failed or abandoned. */
export async function settlePending(db: Db, id: string, status: Exclude<DonationState, 'pending' | 'succeeded'>, gatewayResponse: string | null): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ status, gateway_response: gatewayResponse })
    .where('id', '=', id)
    .where('status', '=', 'pending' satisfies DonationState)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pending donations the reconciliation should ask Paystack about: old enough, not asked lately. */
export function duePendingDonations(db: Db, { createdBefore, checkedBefore, limit }: { createdBefore: string; checkedBefore: string; limit: number }) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where('status', '=', 'pending' satisfies DonationState)
    .where('gateway', '=', 'paystack')
    .where('created_at', '<', createdBefore)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a donation for one check: only the instance whose update changed `checked_at` from what
 * it read asks Paystack, so two instances' drains never verify the same donation at once.
 */
export async function claimCheck(db: Db, row: Pick<DonationRow, 'id' | 'checked_at'>, now: string): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ checked_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'pending' satisfies DonationState)
    .where('checked_at', row.checked_at === null ? 'is' : '=', row.checked_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the retry claim of a donation (its first checkout's row, issue 42): only the request whose
 * conditional update changes `retry_claimed_at` from empty (or from a claim older than
 * `staleBefore`, left by an instance that died mid-retry) may open a new checkout for it. Of N
 * concurrent requests, on any instance, one gets it: PostgreSQL re-checks the condition on the row
 * the first one updated, and SQLite runs one write at a time.
 */
export async function claimRetry(db: Db, firstId: string, claimedAt: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ retry_claimed_at: claimedAt })
    .where('id', '=', firstId)
    .where((eb) => eb.or([eb('retry_claimed_at', 'is', null), eb('retry_claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the claim back, if it is still this request's. */
export async function releaseRetry(db: Db, firstId: string, claimedAt: string): Promise<void> {
  await db.updateTable('donations').set({ retry_claimed_at: null }).where('id', '=', firstId).where('retry_claimed_at', '=', claimedAt).execute();
}

/** The checkouts opened by "Try again" for a donation (`retry_of` its first row) since `since`. */
export async function retriesSince(db: Db, firstId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('donations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('retry_of', '=', firstId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
