import { describe, expect, it } from 'vitest';
import { parseBackendConfig } from '@/backend/config';
import { parseConfig } from '@/lib/config';

/**
 * The site and the built-in backend read SITE_URL, the festival's dates and VERCEL from the same
 * environment: they must read them the same way (contract/config.ts holds the rules).
 */
describe('the site and the backend read shared settings alike', () => {
  const cases: Array<Record<string, string>> = [
    {},
    { SITE_URL: 'https://itan.example/', FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_END_DATE: '2026-11-01' },
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
    expect(backend.festivalStartDate).toBe(site.festivalStartDate);
    expect(backend.festivalEndDate).toBe(site.festivalEndDate);
    expect(backend.submissionsOff).toBe(site.onVercel);
    expect(backend.paystackCheckoutOrigin).toBe(site.paystackCheckoutOrigin);
    expect(Boolean(backend.paystackSecretKey)).toBe(site.paystackConfigured);
  });

  it('both refuse an end date before the start date, and a date that is not YYYY-MM-DD', () => {
    for (const env of [
      { FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_END_DATE: '2026-10-29' },
      { FESTIVAL_START_DATE: '30/10/2026' },
    ]) {
      expect(() => parseConfig(env)).toThrow(/FESTIVAL_/);
      expect(() => parseBackendConfig(env)).toThrow(/FESTIVAL_/);
    }
  });
});
