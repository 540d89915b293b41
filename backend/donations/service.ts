import { donationPayloadSchema } from '@/contract/api/forms';
import { cardBrand, digitsOnly, parseExpiry } from '@/contract/forms/rules';
import type { FormFlow } from '../kernel/form-flow';
import { failureBody, HTTP_MESSAGES } from '../kernel/http';
import { IDEMPOTENCY_MESSAGES } from '../kernel/idempotency';
import { newId, nowIso } from '../kernel/ids';
import { FORM_MESSAGES, success } from '../kernel/results';
import { enqueue } from '../outbox/queue';
import { GatewayReferenceConflictError, GatewayUnavailableError, PAYMENT_MESSAGES } from '../payments/gateway';
import type { AppDeps } from '../kernel/deps';
import { createDonation } from './queries';
import { donationReceiptMail } from './receipt-mail';

/** The donation body with the card number cut to its last four digits and the CVC gone. */
function redactCard(raw: Record<string, unknown>): unknown {
  const card = raw.card;
  if (!card || typeof card !== 'object' || Array.isArray(card)) return raw;
  const { number, cvc: _cvc, ...rest } = card as Record<string, unknown>;
  void _cvc;
  return { ...raw, card: { ...rest, last4: typeof number === 'string' ? digitsOnly(number).slice(-4) : null } };
}

/**
 * POST /forms/donations (the spec's card form): charge the card through the sandbox (once per
 * reference; no money moves), then store the donation (last four digits and brand only) and queue
 * its receipt in one transaction. With Paystack configured this path refuses card data.
 */
export function donationFlow(deps: Pick<AppDeps, 'gateway' | 'checkout'>): FormFlow<typeof donationPayloadSchema> {
  const { gateway } = deps;
  return {
    schema: donationPayloadSchema,
    fingerprint: redactCard,
    async handle(data, { commit, reference, log }) {
      // Live payments are taken on Paystack's page (donations/checkout.ts): a card sent here is
      // refused before anything reads it, and it goes nowhere.
      if (deps.checkout) return { status: 422, body: { ...failureBody(PAYMENT_MESSAGES.cardNotTaken) } };
      // The schema already checked the expiry; parse again for the gateway's month and year.
      const expiry = parseExpiry(data.card.expiry);
      if (!expiry) return { status: 422, body: { ...failureBody(HTTP_MESSAGES.validation, { 'card.expiry': 'Invalid value' }) } };
      const amountKobo = Math.round(data.amount * 100);
      const digits = digitsOnly(data.card.number);
      let result;
      try {
        // `reference` comes from the Idempotency-Key: a retry sends the gateway the same one, and
        // the gateway never charges one reference twice (it answers with the first charge).
        result = await gateway.charge({
          amountKobo,
          currency: 'NGN',
          email: data.donor.email,
          reference,
          card: { number: digits, cvc: data.card.cvc, expiryMonth: expiry.month, expiryYear: expiry.year },
        });
      } catch (error) {
        if (error instanceof GatewayUnavailableError) {
          log.error({ area: 'payments' }, `payment gateway ${gateway.name} unavailable: ${error.message}`);
          return { status: 502, body: { ...failureBody(PAYMENT_MESSAGES.unavailable) } };
        }
        if (error instanceof GatewayReferenceConflictError) {
          return { status: 422, body: { ...failureBody(IDEMPOTENCY_MESSAGES.mismatch) } };
        }
        throw error;
      }
      if (result.status === 'declined') {
        // Enough for staff to answer "my card was declined": who (masked by the logger), the brand and the amount.
        log.info({ area: 'payments', donor: data.donor.email, brand: cardBrand(digits), amountKobo }, `donation declined by the ${gateway.name} gateway: ${result.message}`);
        return { status: 402, body: { ...failureBody(result.message) } };
      }

      const { reference: gatewayReference } = result;
      return commit(async (trx) => {
        const row = await createDonation(
          trx,
          {
            id: newId(),
            amountKobo,
            donor: data.donor,
            cardHolder: data.card.holder,
            cardLast4: digits.slice(-4),
            cardBrand: cardBrand(digits),
            gateway: gateway.name,
            gatewayReference,
            source: data.source,
          },
          nowIso(),
        );
        await enqueue(trx, donationReceiptMail.entry(row.email, { donationId: row.id }));
        return success('donationId', row.id, FORM_MESSAGES.donation, {
          id: row.id,
          amount: row.amount_kobo / 100,
          amountKobo: row.amount_kobo,
          currency: row.currency,
          status: row.status,
          reference: row.gateway_reference,
          card: { last4: row.card_last4, brand: row.card_brand },
          createdAt: row.created_at,
        });
      });
    },
    decoy: () => success('donationId', newId(), FORM_MESSAGES.donation, {}),
  };
}
