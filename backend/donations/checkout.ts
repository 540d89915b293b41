import { randomBytes } from 'node:crypto';
import {
  donationCheckoutPayloadSchema,
  type CheckoutStarted,
  type DonationCheckoutPayload,
  type DonationState,
  type DonationStatus,
} from '@/contract/api/donations';
import { DONATION_RETRIES_PER_HOUR } from '@/contract/festival';
import { RETRY_NOTICES } from '@/contract/forms/donation-messages';
import type { FormFlow } from '../kernel/form-flow';
import { failureBody } from '../kernel/http';
import { newId } from '../kernel/ids';
import { processLogger } from '../kernel/log';
import type { KeyedContext, Outcome } from '../kernel/idempotency';
import { FORM_MESSAGES, success } from '../kernel/results';
import { enqueue } from '../outbox/queue';
import { GatewayUnavailableError, PAYMENT_MESSAGES } from '../payments/gateway';
import type { PaystackCheckout, PaystackTransaction } from '../payments/paystack';
import type { AppDeps } from '../kernel/deps';
import {
  claimCheck,
  claimRetry,
  createPendingDonation,
  donationByReference,
  duePendingDonations,
  holdForReview,
  markSucceeded,
  releaseRetry,
  retriesSince,
  settlePending,
  type DonationRow,
} from './queries';
import { donationReceiptMail } from './receipt-mail';

/**
 * Donations through Paystack's redirect checkout (issue 27). Every way a donation can end goes
 * through `applyTransaction`: the return page's verification, the signed webhook and the drain's
 * reconciliation all hand it what Paystack said, and only its one conditional update queues a
 * receipt. So a donor who pays and closes the tab, a webhook Paystack sends five times and a
 * return page refreshed ten times all end as one paid donation with one receipt.
 */
export type CheckoutDeps = Pick<AppDeps, 'db' | 'config' | 'log' | 'onOutboxWrite'> & { checkout: PaystackCheckout };

/** Asked about from this age (the return page and the webhook usually settle it sooner). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Asked again at most this often while it stays pending. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/**
 * Paystack's page lets a donor try another card after a decline, and keeps an unpaid checkout
 * "abandoned" until it is paid: a failed or abandoned answer is final only after this long.
 */
export const CHECKOUT_OPEN_MS = 30 * 60_000;
/** A bank transfer still unconfirmed after a day is given up (a late webhook still makes it paid). */
export const PENDING_GIVE_UP_MS = 24 * 60 * 60_000;
/** The window of DONATION_RETRIES_PER_HOUR (issue 42). */
export const RETRY_WINDOW_MS = 60 * 60_000;
/**
 * A retry claim older than this was left by an instance that died while opening the checkout: the
 * next retry takes it over. Well above the two Paystack calls a retry may make (8 s each at most).
 */
export const RETRY_CLAIM_MS = 60_000;

const log = (deps: Pick<AppDeps, 'log'>, level: 'info' | 'warn' | 'error', line: string) => (deps.log ?? processLogger())[level]({ area: 'payments' }, line);

/** Where Paystack sends the donor back: Paystack adds ?trxref=…&reference=…. */
export const returnUrl = (siteUrl: string) => `${siteUrl}/donations/return`;

/**
 * Opens a Paystack checkout for `donor` and stores the donation as pending, in the transaction
 * that records the request's Idempotency-Key answer (a replay answers the same checkout).
 * Nothing is stored when Paystack cannot open one.
 */
async function openCheckout(
  deps: CheckoutDeps,
  input: { amountKobo: number; donor: DonationCheckoutPayload['donor']; source: string; retryOf?: string },
  { commit, reference: keyedReference }: KeyedContext,
  now = new Date(),
): Promise<Outcome> {
  const { checkout, config } = deps;
  const id = newId();
  let reference = keyedReference;
  const request = () =>
    checkout.initialize({
      email: input.donor.email,
      amountKobo: input.amountKobo,
      currency: 'NGN',
      reference,
      callbackUrl: returnUrl(config.siteUrl),
      metadata: { donation_id: id, cancel_action: `${returnUrl(config.siteUrl)}?reference=${reference}` },
    });
  let result;
  try {
    result = await request();
    if (result.kind === 'duplicate-reference') {
      // An earlier try with this key reached Paystack but never came back to us (so its checkout
      // page was never shown to anyone): open a new one under a reference of its own.
      reference = `${keyedReference}.${randomBytes(4).toString('hex')}`;
      result = await request();
    }
    if (result.kind !== 'created') throw new GatewayUnavailableError('Paystack refused a fresh reference as a duplicate.');
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    log(deps, 'error', `paystack checkout could not be opened: ${error.message}`);
    return { status: 502, body: { ...failureBody(PAYMENT_MESSAGES.checkoutUnavailable) } };
  }
  const authorizationUrl = result.authorizationUrl;
  return commit(async (trx) => {
    const row = await createPendingDonation(
      trx,
      { id, amountKobo: input.amountKobo, donor: input.donor, source: input.source, reference, authorizationUrl, retryOf: input.retryOf },
      now.toISOString(),
    );
    const started: CheckoutStarted = {
      id: row.id,
      reference,
      status: 'pending',
      amount: row.amount_kobo / 100,
      currency: 'NGN',
      authorizationUrl,
    };
    return success('donationId', row.id, FORM_MESSAGES.donationCheckout, started);
  });
}

/** POST /donations/checkout: the spec's donation without the card. */
export function checkoutFlow(deps: CheckoutDeps): FormFlow<typeof donationCheckoutPayloadSchema> {
  return {
    schema: donationCheckoutPayloadSchema,
    handle: (data, ctx) => openCheckout(deps, { amountKobo: Math.round(data.amount * 100), donor: data.donor, source: data.source }, ctx),
    decoy: () =>
      success('donationId', newId(), FORM_MESSAGES.donationCheckout, {
        status: 'pending',
        authorizationUrl: returnUrl(deps.config.siteUrl),
      }),
  };
}

const donorOf = (row: DonationRow): DonationCheckoutPayload['donor'] => ({
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  address: { street: row.street, city: row.city, state: row.state, zipcode: row.zipcode },
});

/**
 * POST /donations/retry: the same donor and amount on a new checkout, after a declined or
 * abandoned one, so the donor types nothing again. Never for a donation that is paid, or that
 * Paystack is still confirming (a bank transfer on its way would be paid twice).
 *
 * A reference is all it takes, and each checkout carries the donor's email (issue 42), so a
 * donation (its first row and every retry of it, `retry_of`) gets one retry at a time (the first
 * row's claim: a concurrent one is refused with RETRY_NOTICES.busy, 409) and at most
 * DONATION_RETRIES_PER_HOUR in any hour (RETRY_NOTICES.tooMany, 429), counted in the database so
 * every instance agrees. `now` is the clock (the request's time by default).
 */
export async function retryCheckout(deps: CheckoutDeps, reference: string, ctx: KeyedContext, now = new Date()): Promise<Outcome> {
  const row = await donationByReference(deps.db, reference);
  if (!row) return { status: 404, body: { ...failureBody(PAYMENT_MESSAGES.unknownDonation) } };
  const firstId = row.retry_of ?? row.id;
  const claimedAt = now.toISOString();
  if (!(await claimRetry(deps.db, firstId, claimedAt, new Date(now.getTime() - RETRY_CLAIM_MS).toISOString()))) {
    return { status: 409, body: { ...failureBody(RETRY_NOTICES.busy) } };
  }
  try {
    const status = await verifyRow(deps, row, now);
    if (status.status === 'succeeded') return { status: 409, body: { ...failureBody(PAYMENT_MESSAGES.alreadyPaid) } };
    if (status.status === 'pending' || status.status === 'review') {
      return { status: 409, body: { ...failureBody(PAYMENT_MESSAGES.stillConfirming) } };
    }
    const retries = await retriesSince(deps.db, firstId, new Date(now.getTime() - RETRY_WINDOW_MS).toISOString());
    if (retries >= DONATION_RETRIES_PER_HOUR) {
      log(deps, 'warn', `donation ${firstId}: retry refused, ${retries} new checkouts in the last hour`);
      return { status: 429, body: { ...failureBody(RETRY_NOTICES.tooMany) } };
    }
    return await openCheckout(deps, { amountKobo: row.amount_kobo, donor: donorOf(row), source: row.source, retryOf: firstId }, ctx, now);
  } finally {
    await releaseRetry(deps.db, firstId, claimedAt);
  }
}

/**
 * What Paystack said, applied to the stored donation; the state to show. A success for another
 * amount or currency is not a success: the donation waits in `review` for a person. Failed and
 * abandoned answers are written only when `final` (the checkout page may still be open).
 */
export async function applyTransaction(deps: Pick<CheckoutDeps, 'db' | 'log' | 'onOutboxWrite'>, row: DonationRow, tx: PaystackTransaction, { final }: { final: boolean }): Promise<DonationState> {
  if (row.status === 'succeeded' || row.status === 'review') return row.status;
  if (tx.status === 'success') {
    if (tx.amountKobo !== row.amount_kobo || tx.currency.toUpperCase() !== row.currency) {
      log(deps, 'warn', `donation ${row.id}: Paystack reports ${tx.currency} ${tx.amountKobo} kobo paid, ${row.currency} ${row.amount_kobo} was asked: held for review`);
      await holdForReview(deps.db, row.id, `Paid ${tx.currency} ${tx.amountKobo / 100}, asked ${row.currency} ${row.amount_kobo / 100}`);
      return 'review';
    }
    // Paystack's time, or the machine's: a checkout is timed with the payment provider's real clock (kernel/clock.ts).
    const facts = { channel: tx.channel, gatewayResponse: tx.gatewayResponse, paidAt: tx.paidAt ?? new Date().toISOString(), cardLast4: tx.cardLast4, cardBrand: tx.cardBrand };
    const changed = await deps.db.transaction().execute(async (trx) => {
      const updated = await markSucceeded(trx, row.id, facts);
      if (updated) await enqueue(trx, donationReceiptMail.entry(row.email, { donationId: row.id }));
      return updated;
    });
    if (changed) deps.onOutboxWrite?.('mail');
    return 'succeeded';
  }
  if (tx.status === 'failed' || tx.status === 'reversed') {
    if (final) await settlePending(deps.db, row.id, 'failed', tx.gatewayResponse);
    return 'failed';
  }
  if (tx.status === 'abandoned') {
    if (final) await settlePending(deps.db, row.id, 'abandoned', tx.gatewayResponse);
    return 'abandoned';
  }
  // ongoing, pending, processing, queued (a transfer or USSD payment on its way), or a status
  // Paystack adds later: not paid yet, and not over.
  return 'pending';
}

const ageMs = (row: DonationRow, now: Date) => now.getTime() - Date.parse(row.created_at);

function statusOf(row: DonationRow, state: DonationState, tx: PaystackTransaction | undefined, verified: boolean): DonationStatus {
  return {
    id: row.id,
    reference: row.gateway_reference,
    status: state,
    amount: row.amount_kobo / 100,
    currency: 'NGN',
    channel: tx?.channel ?? row.channel,
    gatewayResponse: tx?.gatewayResponse ?? row.gateway_response,
    verified,
  };
}

/**
 * POST /donations/verify (the return page): asks Paystack about a donation not yet paid and
 * applies the answer. When Paystack cannot be reached, the stored state with `verified: false`.
 */
export async function verifyDonation(deps: CheckoutDeps, reference: string, now = new Date()): Promise<DonationStatus | undefined> {
  const row = await donationByReference(deps.db, reference);
  return row ? verifyRow(deps, row, now) : undefined;
}

/** verifyDonation for a donation already read. */
async function verifyRow(deps: CheckoutDeps, row: DonationRow, now = new Date()): Promise<DonationStatus> {
  const { gateway_reference: reference } = row;
  if (row.status === 'succeeded' || row.status === 'review' || row.gateway !== 'paystack') {
    return statusOf(row, row.status as DonationState, undefined, true);
  }
  let answer;
  try {
    answer = await deps.checkout.verify(reference);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    log(deps, 'error', `paystack verification of ${reference} failed: ${error.message}`);
    return statusOf(row, row.status as DonationState, undefined, false);
  }
  if (answer.kind === 'not-found') return statusOf(row, row.status as DonationState, undefined, true);
  const state = await applyTransaction(deps, row, answer.transaction, { final: ageMs(row, now) >= CHECKOUT_OPEN_MS });
  return statusOf(row, state, answer.transaction, true);
}

/**
 * A signed charge.success event: the donation it names is paid (through applyTransaction).
 * An event for a reference we never made is acknowledged and logged, so Paystack stops resending it.
 */
export async function applyChargeSuccess(deps: CheckoutDeps, tx: PaystackTransaction): Promise<DonationState | 'unknown'> {
  const row = await donationByReference(deps.db, tx.reference);
  if (!row) {
    log(deps, 'warn', `webhook charge.success for an unknown reference ${tx.reference}: ignored`);
    return 'unknown';
  }
  return applyTransaction(deps, row, tx, { final: true });
}

/**
 * The drain's pass over donations still pending (issue 27): a lost webhook and a closed tab still
 * end as paid or abandoned. At most `limit` per pass; each donation is asked about at most every
 * RECONCILE_EVERY_MS, by one instance (claimCheck). Stops at the first Paystack outage.
 */
export async function reconcileDonations(deps: CheckoutDeps, { now = new Date(), limit = 10 }: { now?: Date; limit?: number } = {}): Promise<{ checked: number; settled: number }> {
  const rows = await duePendingDonations(deps.db, {
    createdBefore: new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString(),
    checkedBefore: new Date(now.getTime() - RECONCILE_EVERY_MS).toISOString(),
    limit,
  });
  let checked = 0;
  let settled = 0;
  for (const row of rows) {
    if (!(await claimCheck(deps.db, row, now.toISOString()))) continue;
    let answer;
    try {
      answer = await deps.checkout.verify(row.gateway_reference);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      log(deps, 'warn', `reconciliation paused, Paystack unavailable: ${error.message}`);
      break;
    }
    checked++;
    const age = ageMs(row, now);
    let state: DonationState;
    if (answer.kind === 'not-found') {
      // Stored only after Paystack opened the checkout, so this is Paystack forgetting an unpaid one.
      state = age >= CHECKOUT_OPEN_MS && (await settlePending(deps.db, row.id, 'abandoned', 'Unknown to Paystack')) ? 'abandoned' : 'pending';
    } else {
      state = await applyTransaction(deps, row, answer.transaction, { final: age >= CHECKOUT_OPEN_MS });
      if (state === 'pending' && age >= PENDING_GIVE_UP_MS && (await settlePending(deps.db, row.id, 'abandoned', 'No payment confirmed within a day'))) {
        state = 'abandoned';
      }
    }
    if (state !== 'pending') settled++;
  }
  return { checked, settled };
}
