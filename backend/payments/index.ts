/** The payment providers (the spec's sandbox card form, Paystack's checkout): adapters that know nothing else of the backend. */
export * from './gateway';
export { createPaystackCheckout, type PaystackCheckout, type PaystackTransaction } from './paystack';
export { createSandboxGateway, SANDBOX_CARDS } from './sandbox';
export { paystackSignatureValid } from './webhook-signature';
