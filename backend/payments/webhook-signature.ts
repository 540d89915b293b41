import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paystack signs each webhook with the secret key: `x-paystack-signature` is the hex HMAC-SHA512
 * of the request body (https://paystack.com/docs/payments/webhooks/). Checked over the raw bytes
 * as received (re-serialising parsed JSON can change them), in constant time.
 */
export function paystackSignatureValid(rawBody: string | Uint8Array, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'));
}
