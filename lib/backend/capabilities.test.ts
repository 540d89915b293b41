import { describe, expect, it, vi } from 'vitest';
import { capabilitiesOf } from './capabilities';

describe('capabilities', () => {
  it('the built-in backend offers everything; checkout once Paystack is configured, at its origin', () => {
    const checkout = vi.fn(() => ({ secretKey: 'sk_test_x', checkoutOrigin: 'https://checkout.paystack.com' }));
    expect(capabilitiesOf(undefined, checkout)).toEqual({
      builtIn: true,
      publishing: true,
      inbox: true,
      campaigns: true,
      offlineGate: true,
      walkIns: true,
      editionStatus: true,
      backups: true,
      checkout: { origin: 'https://checkout.paystack.com' },
      paymentSandbox: false,
    });
    expect(capabilitiesOf(undefined, () => ({ secretKey: undefined, checkoutOrigin: 'https://checkout.paystack.com' })).checkout).toBeNull();
    // No key: the built-in sandbox takes donations, and the pages say no money moves (issue 43).
    expect(capabilitiesOf(undefined, () => ({ secretKey: undefined, checkoutOrigin: 'https://checkout.paystack.com' })).paymentSandbox).toBe(true);
  });

  it('an external backend (API_BASE_URL): none of ours, the spec’s card form, and the built-in backend’s settings never read', () => {
    const checkout = vi.fn(() => ({ secretKey: 'sk_test_x', checkoutOrigin: 'https://checkout.paystack.com' }));
    expect(capabilitiesOf('https://api.festival.example', checkout)).toEqual({
      builtIn: false,
      publishing: false,
      inbox: false,
      campaigns: false,
      offlineGate: false,
      walkIns: false,
      editionStatus: false,
      backups: false,
      checkout: null,
      paymentSandbox: false,
    });
    expect(checkout).not.toHaveBeenCalled();
  });
});
