import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './gateway';
import { createSandboxGateway, SANDBOX_CARDS } from './sandbox';

const request = (number: string, reference: string, amountKobo = 500_000) => ({
  amountKobo,
  currency: 'NGN' as const,
  email: 'donor@example.com',
  reference,
  card: { number, cvc: '408', expiryMonth: 12, expiryYear: 2039 },
});

describe('sandbox gateway', () => {
  it('answers like Paystack test mode and keeps our reference', async () => {
    const sandbox = createSandboxGateway();
    expect(await sandbox.charge(request(SANDBOX_CARDS.success, 'itan-a'))).toEqual({ status: 'success', reference: 'itan-a', gatewayResponse: 'Approved' });
    expect(await sandbox.charge(request(SANDBOX_CARDS.declined, 'itan-b'))).toEqual({ status: 'declined', message: PAYMENT_MESSAGES.declined });
  });

  it('one reference is one charge: a repeat answers the first outcome; another amount is refused', async () => {
    const sandbox = createSandboxGateway();
    const first = await sandbox.charge(request(SANDBOX_CARDS.declined, 'itan-c'));
    expect(await sandbox.charge(request(SANDBOX_CARDS.success, 'itan-c'))).toEqual(first);
    await sandbox.charge(request(SANDBOX_CARDS.success, 'itan-d'));
    await expect(sandbox.charge(request(SANDBOX_CARDS.success, 'itan-d', 1_000))).rejects.toMatchObject({ name: 'GatewayReferenceConflictError' });
  });
});
