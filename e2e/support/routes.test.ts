import { describe, expect, it } from 'vitest';
import { PUBLIC_FORM_PAGES, PUBLIC_THANK_YOU_PAGES } from '../../contract/forms/public-forms';
import { EXTRA_PAGES } from './routes';

describe('EXTRA_PAGES, with the public forms’ pages derived (contract/forms/public-forms.ts)', () => {
  // The list as it was written out before; /contact was left out then because the sitemap lists it
  // (every reader adds EXTRA_PAGES after the sitemap's pages and drops repeats).
  const BEFORE = [
    '/register',
    '/donations',
    '/partnerships',
    '/volunteer/apply',
    '/registration/thank-you',
    '/register/waiting-list/thank-you',
    '/donations/thank-you',
    '/donations/return?reference=itan-unknown-reference',
    '/partnerships/thank-you',
    '/volunteer/apply/thank-you',
    '/tickets/resend',
    '/tickets/saved',
    '/staff/login',
    '/contact/thank-you',
    '/newsletter/unsubscribe?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA',
    '/newsletter/unsubscribe/done',
    '/newsletter/confirm?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA',
    '/newsletter/confirm/done',
  ];

  it('holds every page it held, once each', () => {
    expect(EXTRA_PAGES).toEqual(expect.arrayContaining(BEFORE));
    expect(new Set(EXTRA_PAGES).size).toBe(EXTRA_PAGES.length);
  });

  it('adds only public forms’ pages (today /contact, which the sitemap lists anyway) and the programme’s filtered views', () => {
    const forms = new Set([...PUBLIC_FORM_PAGES, ...PUBLIC_THANK_YOU_PAGES]);
    expect(EXTRA_PAGES.filter((p) => !BEFORE.includes(p) && !forms.has(p) && !p.startsWith('/programme?'))).toEqual([]);
    expect(EXTRA_PAGES).toContain('/contact');
  });
});
