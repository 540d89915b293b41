import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { keyedJsonRoute } from '../kernel/form-flow';
import { success } from '../kernel/results';
import { fail } from '../kernel/http';
import { readBodyText, validJson } from '../kernel/validate';
import { PAYMENT_MESSAGES } from '../payments/gateway';
import { paystackTransactionSchema, toPaystackTransaction } from '../payments/paystack';
import { paystackSignatureValid } from '../payments/webhook-signature';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { applyChargeSuccess, checkoutFlow, retryCheckout, verifyDonation, type CheckoutDeps } from './checkout';

/** Paystack's checkout as configured, or undefined (the sandbox: these endpoints answer 404). */
function checkoutDeps(deps: AppDeps): CheckoutDeps | undefined {
  return deps.checkout ? { ...deps, checkout: deps.checkout } : undefined;
}

const refuseWithoutCheckout = (deps: AppDeps) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!deps.checkout) return fail(c, 404, PAYMENT_MESSAGES.checkoutOff);
  return next();
};

/**
 * /donations/* (contract/api/donations.ts): open a checkout, ask what became of one, open another
 * for the same donor. Rate-limited and refused without a database like the forms (backend/app.ts).
 */
export function donationRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const live = checkoutDeps(deps);
  r.use('*', refuseWithoutCheckout(deps));
  if (!live) return r;

  r.post('/checkout', ...keyedJsonRoute(deps, 'donations/checkout', checkoutFlow(live)));
  r.post(
    '/retry',
    ...keyedJsonRoute(deps, 'donations/retry', {
      schema: ENDPOINTS.donationRetry.request,
      handle: (data, ctx) => retryCheckout(live, data.reference, ctx),
      decoy: () => checkoutFlow(live).decoy(),
    }),
  );
  r.post('/verify', validJson(ENDPOINTS.donationVerify.request), async (c) => {
    const { reference } = c.req.valid('json');
    const status = await verifyDonation(live, reference);
    if (!status) return fail(c, 404, PAYMENT_MESSAGES.unknownDonation);
    return c.json(success('donationId', status.id, `This donation is ${status.status}.`, status).body, 200);
  });
  return r;
}

const webhookEventSchema = z.object({ event: z.string(), data: z.unknown() });

/**
 * POST /payments/paystack/webhook: Paystack's signed events. The signature is checked over the raw
 * body before anything is parsed; a forged or unsigned request is refused (401) and logged, and
 * changes nothing. Answered at once: fulfilment is one conditional update and a queued mail.
 */
export function paymentRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const live = checkoutDeps(deps);
  const secret = deps.config.paystackSecretKey;
  r.use('*', refuseWithoutCheckout(deps));
  if (!live || !secret) return r;

  r.post('/paystack/webhook', async (c) => {
    const log = c.get('log');
    const read = await readBodyText(c);
    if (!read.ok) return c.json(read.body, read.status);
    const raw = read.text;
    if (!paystackSignatureValid(raw, c.req.header('x-paystack-signature'), secret)) {
      log.warn({ area: 'payments' }, `webhook refused: ${c.req.header('x-paystack-signature') ? 'the signature does not match' : 'no signature'}`);
      return fail(c, 401, 'Invalid signature.');
    }
    let event;
    try {
      event = webhookEventSchema.safeParse(JSON.parse(raw));
    } catch {
      event = undefined;
    }
    if (!event?.success) {
      log.warn({ area: 'payments' }, 'webhook with a valid signature but an unreadable body: ignored');
      return c.json({ received: true }, 200);
    }
    if (event.data.event !== 'charge.success') return c.json({ received: true }, 200);
    const tx = paystackTransactionSchema.safeParse(event.data.data);
    if (!tx.success) {
      log.warn({ area: 'payments' }, 'webhook charge.success without a readable transaction: ignored');
      return c.json({ received: true }, 200);
    }
    const state = await applyChargeSuccess(live, toPaystackTransaction(tx.data));
    return c.json({ received: true, status: state }, 200);
  });
  return r;
}
