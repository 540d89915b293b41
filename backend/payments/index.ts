import type { BackendConfig } from '../config';
import { createPaystackCheckout, type PaystackCheckout } from './paystack';

export * from './gateway';
export { createPaystackCheckout, type PaystackCheckout, type PaystackTransaction } from './paystack';
export { createSandboxGateway, SANDBOX_CARDS } from './sandbox';
export { paystackSignatureValid } from './webhook-signature';

/** Paystack's redirect checkout when a secret key is configured; undefined means the sandbox. */
export function checkoutFromConfig(config: BackendConfig): PaystackCheckout | undefined {
  return config.paystackSecretKey
    ? createPaystackCheckout({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl, checkoutOrigin: config.paystackCheckoutOrigin })
    : undefined;
}
