import { describe, expect, it } from 'vitest';
import { parseBackendConfig } from '@/backend';
import { parseConfig } from '@/lib/config';
import { capabilitiesOf } from './capabilities';

/**
 * The site and the built-in backend read SITE_URL, the festival's dates and VERCEL from the same
 * environment: they must read them the same way (contract/config.ts holds the rules).
 */
describe('the site and the backend read shared settings alike', () => {
  const cases: Array<Record<string, string>> = [
    {},
    { SITE_URL: 'https://itan.example/', FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_END_DATE: '2026-11-01' },
    { FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_VENUE: 'Kuto', REGISTRATION_OPENS_AT: '2026-09-01T09:00', REGISTRATION_CLOSES_AT: '2026-10-29', FESTIVAL_NOW: '2026-10-01T12:00:00Z' },
    { VERCEL: 'TRUE' },
    { VERCEL: 'on' },
    { VERCEL: '0' },
    { PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_CHECKOUT_ORIGIN: 'https://checkout.paystack.com/some/path' },
    { PAYSTACK_SECRET_KEY: '  ' },
  ];
  it.each(cases)('%o', (env) => {
    const site = parseConfig(env);
    const backend = parseBackendConfig(env);
    expect(backend.siteUrl).toBe(site.siteUrl);
    // The same edition settings (the backend adds its capacity) and the same clock.
    expect({ ...backend.editionSettings, capacity: undefined }).toEqual({ ...site.editionSettings, capacity: undefined });
    if (env.FESTIVAL_NOW) expect(backend.now().toISOString()).toBe(site.now().toISOString());
    expect(backend.submissionsOff).toBe(site.onVercel);
    // Paystack's settings are the backend's alone: the site's checkout capability is read from them.
    expect(Object.keys(site).filter((key) => /paystack/i.test(key))).toEqual([]);
    const { checkout } = capabilitiesOf(undefined, () => ({ secretKey: backend.paystackSecretKey, checkoutOrigin: backend.paystackCheckoutOrigin }));
    expect(checkout?.origin).toBe(backend.paystackSecretKey ? backend.paystackCheckoutOrigin : undefined);
  });

  it('both refuse an end date before the start date, and a date that is not YYYY-MM-DD', () => {
    for (const env of [
      { FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_END_DATE: '2026-10-29' },
      { FESTIVAL_START_DATE: '30/10/2026' },
      { FESTIVAL_NOW: '2026-13-01' },
      { REGISTRATION_OPENS_AT: '2026-10-02', REGISTRATION_CLOSES_AT: '2026-10-01' },
    ]) {
      expect(() => parseConfig(env)).toThrow(/FESTIVAL_|REGISTRATION_/);
      expect(() => parseBackendConfig(env)).toThrow(/FESTIVAL_|REGISTRATION_/);
    }
  });
});
