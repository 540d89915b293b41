import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStaffPayloadSchema } from '@/contract/api/admin';
import {
  contactPayloadSchema,
  donationPayloadSchema,
  newsletterPayloadSchema,
  partnershipPayloadSchema,
  registrationPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import { unsubscribePayloadSchema } from '@/contract/api/newsletter';
import { staffLoginFormSchema, staffRegisterPayloadSchema } from '@/contract/api/staff';
import { ticketResendPayloadSchema } from '@/contract/api/tickets';
import { VOLUNTEER_ROLE_IDS } from '@/contract/festival';
import { canonicalEmail } from './email';
import { checkField } from './field-rules';
import { MESSAGES } from './messages';

const hex = (text: string) => [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/** Issue 32 (B): one address, one spelling, before anything is validated, stored or compared. */
describe('canonicalEmail', () => {
  it('lower-cases and trims: "VICTIM@Example.ORG " is victim@example.org', () => {
    expect(canonicalEmail('VICTIM@Example.ORG ')).toBe('victim@example.org');
    expect(canonicalEmail('  Ada.Obi+festival@Example.NG\t')).toBe('ada.obi+festival@example.ng');
  });

  it('folds compatibility forms (NFKC): a full-width address is the plain one', () => {
    expect(canonicalEmail('ｖｉｃｔｉｍ＠ｅｘａｍｐｌｅ．ｏｒｇ')).toBe('victim@example.org');
    expect(canonicalEmail('VICTIM＠EXAMPLE。ORG')).toBe('victim@example.org');
  });

  it('writes the domain in ASCII (IDNA): user@bücher.example is user@xn--bcher-kva.example', () => {
    expect(canonicalEmail('user@bücher.example')).toBe('user@xn--bcher-kva.example');
    expect(canonicalEmail('User@BÜCHER.Example')).toBe('user@xn--bcher-kva.example');
    expect(canonicalEmail('user@xn--bcher-kva.example')).toBe('user@xn--bcher-kva.example');
    // A local part in another script is kept (RFC 6531), lower-cased.
    expect(canonicalEmail('Ọlá@example.ng')).toBe('ọlá@example.ng');
  });

  it('drops the root dot (issue 42): "same@example.com." is same@example.com, not a second address', () => {
    expect(canonicalEmail('same@example.com.')).toBe('same@example.com');
    expect(canonicalEmail('Same@Example.COM.')).toBe(canonicalEmail('same@example.com'));
    expect(canonicalEmail('same@bücher.example.')).toBe('same@xn--bcher-kva.example');
    expect(canonicalEmail('same@example.com。')).toBe('same@example.com');
    // One dot only, and never a domain of nothing but the root.
    for (const bad of ['same@example.com..', 'same@.', 'same@..', 'same@.example.com']) expect(canonicalEmail(bad), bad).toBeUndefined();
    expect(checkField('registration', 'email', 'same@example.com.')).toBeUndefined();
    expect(registrationPayloadSchema.parse({ firstName: 'Ada', lastName: 'Obi', phone: '08031234567', numberOfTickets: 1, email: 'same@example.com.' }).email).toBe('same@example.com');
  });

  it('refuses format characters, bidi controls and spaces rather than stripping them', () => {
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF', '\u202E', '\u2066', '\u061C', '\u180E']) {
      expect(canonicalEmail(`victim@example.org${invisible}`), hex(invisible)).toBeUndefined();
      expect(canonicalEmail(`vic${invisible}tim@example.org`), hex(invisible)).toBeUndefined();
      expect(canonicalEmail(`victim@exa${invisible}mple.org`), hex(invisible)).toBeUndefined();
    }
    for (const space of [' ', '\u00A0', '\u2009', '\u3000', '\n', '\r']) expect(canonicalEmail(`vic${space}tim@example.org`), hex(space)).toBeUndefined();
  });

  it('refuses what a mail library or a URL parser would read as something else', () => {
    for (const bad of ['a,b@example.org', '<a>@example.org', 'a"b@example.org', 'a@evil.example,x', 'a@exa%41mple.org', 'a@example.org/x', 'a@[127.0.0.1]', 'a@0x7f.1', 'a@b@example.org', '@example.org', 'a@', '']) {
      expect(canonicalEmail(bad), bad).toBeUndefined();
    }
  });

  it('is idempotent: a canonical address is its own canonical form', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('example.org', 'BÜCHER.example', 'ｅｘａｍｐｌｅ．ｏｒｇ'), (local, domain) => {
        const once = canonicalEmail(`${local}@${domain}`);
        if (once !== undefined) expect(canonicalEmail(once)).toBe(once);
      }),
    );
  });
});

describe('every email field uses it', () => {
  const person = { firstName: 'Ada', lastName: 'Obi', phone: '08031234567', submittedAt: '2025-09-01T10:00:00.000Z' };
  const payloads: [string, { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, (email: string) => unknown, string][] = [
    ['newsletter', newsletterPayloadSchema, (email) => ({ email }), 'email'],
    ['registration', registrationPayloadSchema, (email) => ({ ...person, email, numberOfTickets: 1 }), 'email'],
    ['partnership', partnershipPayloadSchema, (email) => ({ ...person, email, proposal: 'We would like to sponsor the young readers tent and donate books.' }), 'email'],
    ['volunteer', volunteerPayloadSchema, (email) => ({ ...person, email, roles: [VOLUNTEER_ROLE_IDS[0]], availability: 'both-days' }), 'email'],
    ['contact', contactPayloadSchema, (email) => ({ name: 'Ada', email, topic: 'programme', message: 'A question about the festival programme.' }), 'email'],
    [
      'donation',
      donationPayloadSchema,
      (email) => ({
        amount: 5000,
        donor: { ...person, email, address: { street: '1 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } },
        card: { number: '4084 0840 8408 4081', expiry: '12/39', cvc: '408', holder: 'Ada Obi' },
      }),
      'donor.email',
    ],
    ['ticket resend', ticketResendPayloadSchema, (email) => ({ email }), 'email'],
    ['unsubscribe', unsubscribePayloadSchema, (email) => ({ email, t: 'x' }), 'email'],
    ['staff login', staffLoginFormSchema, (email) => ({ email, password: 'x' }), 'email'],
    ['staff sign-up', staffRegisterPayloadSchema, (email) => ({ email, name: 'Ada', password: 'a-long-password' }), 'email'],
    ['staff account', createStaffPayloadSchema, (email) => ({ email, name: 'Ada', role: 'staff' }), 'email'],
  ];
  const emailAt = (data: unknown, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], data);

  it.each(payloads)('%s: stores the canonical form and refuses an invisible character with the email message', (_name, schema, build, path) => {
    const ok = schema.safeParse(build(' ADA@Bücher.Example '));
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    expect(emailAt(ok.data, path)).toBe('ada@xn--bcher-kva.example');
    for (const invisible of ['\u200B', '\u2060', '\u00AD', '\uFEFF']) {
      const bad = schema.safeParse(build(`victim@example.org${invisible}`));
      expect(bad.success, hex(invisible)).toBe(false);
      expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, MESSAGES.email]]);
    }
  });

  it('the browser\'s on-blur check says the same', () => {
    expect(checkField('newsletter', 'email', 'victim@example.org\u200B')).toBe(MESSAGES.email);
    expect(checkField('newsletter', 'email', 'VICTIM@Example.ORG ')).toBeUndefined();
  });
});
