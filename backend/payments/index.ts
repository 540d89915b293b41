import type { BackendConfig } from '../config';
import type { PaymentGateway } from './gateway';
import { createPaystackGateway } from './paystack';
import { createSandboxGateway } from './sandbox';

export * from './gateway';
export { createPaystackGateway } from './paystack';
export { createSandboxGateway, SANDBOX_CARDS } from './sandbox';

/** Paystack when a secret key is configured, else the sandbox. */
export function gatewayFromConfig(config: BackendConfig): PaymentGateway {
  return config.paystackSecretKey
    ? createPaystackGateway({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl })
    : createSandboxGateway();
}
