import { describe, expect, it } from 'vitest';
import { createStaffPayloadSchema } from '@/contract/api/admin';
import { parseEventDetailInput } from '@/contract/api/event-details';
import {
  contactPayloadSchema,
  donationPayloadSchema,
  partnershipPayloadSchema,
  registrationPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import { cardInputSchema, heroInputSchema, reportInputSchema } from '@/contract/api/reports';
import { staffRegisterPayloadSchema } from '@/contract/api/staff';
import { VOLUNTEER_ROLE_IDS } from '@/contract/festival';
import { checkText, isOneLine } from './checks';
import { checkField } from './field-rules';
import { contact } from './stored/contact';
import { MESSAGES } from './messages';

/** Issue 32 (A): one-line fields hold one line; multi-line fields keep their line breaks. */
const HEADER_INJECTION = 'Eve\nBcc: x';
const BREAKS = ['Eve\nBcc: x', 'Eve\rBcc: x', 'Eve\r\nBcc: x', 'Eve\u2028x', 'Eve\u2029x', 'Eve\u0085x'];
const BIDI = ['\u202AEve', '\u202BEve', '\u202CEve', '\u202DEve', 'Eve\u202Egnp.exe', '\u2066Eve', '\u2067Eve', '\u2068Eve', 'Eve\u2069'];

type Parse = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const errorsOf = (result: Parse) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the single-line rule', () => {
  it('refuses CR, LF, NEL, U+2028, U+2029 and every bidi embedding, override and isolate', () => {
    for (const bad of [...BREAKS, ...BIDI]) expect(isOneLine(bad), JSON.stringify(bad)).toBe(false);
    for (const ok of ['Eve', 'Ìtàn Festival, Abeokuta', 'tab\there', 'עברית and English', 'Ka\u200Dla']) expect(isOneLine(ok), ok).toBe(true);
  });

  it('is every text field\'s default: Invalid value, and the email message in an email field', () => {
    for (const bad of [...BREAKS, ...BIDI]) {
      expect(checkText(bad), JSON.stringify(bad)).toEqual({ ok: false, message: MESSAGES.invalid });
      expect(checkText(bad.replace('Eve', 'ada@example.org'), { email: true }), JSON.stringify(bad)).toEqual({ ok: false, message: MESSAGES.email });
    }
    // Refused as sent, not as trimmed: a trailing line break too.
    expect(checkText('Eve\n')).toEqual({ ok: false, message: MESSAGES.invalid });
    // A blank field is still the required message.
    expect(checkText('\n')).toEqual({ ok: false, message: MESSAGES.required });
  });

  it('multi-line fields keep their line breaks', () => {
    expect(checkText('one\r\ntwo\u2028three', { multiline: true })).toEqual({ ok: true, value: 'one\r\ntwo\u2028three' });
  });

  it('the browser\'s on-blur checks apply it too', () => {
    expect(checkField('registration', 'firstName', HEADER_INJECTION)).toBe(MESSAGES.invalid);
    expect(checkField('donation', 'streetAddress', '1 Ake Road\r\nX-Header: y')).toBe(MESSAGES.invalid);
    expect(checkField('registration', 'email', 'ada@example.org\nBcc: x@example.org')).toBe(MESSAGES.email);
    expect(checkField(contact.fields, 'message', 'Hello,\nI would like to know more about the festival.')).toBeUndefined();
  });
});

describe('the form payloads (contract/api/forms)', () => {
  const person = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', submittedAt: '2025-09-01T10:00:00.000Z' };
  const registration = { ...person, numberOfTickets: 1 };
  const partnership = { ...person, organization: 'Ake Books', proposal: 'We would like to sponsor the young readers tent and donate books.' };
  const volunteer = { ...person, roles: [VOLUNTEER_ROLE_IDS[0]], availability: 'both-days', message: '' };
  const contact = { name: 'Ada Obi', email: 'ada@example.com', topic: 'programme', message: 'A question about the festival programme.' };
  const donation = {
    amount: 5000,
    donor: { ...person, address: { street: '12 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } },
    card: { number: '4084 0840 8408 4081', expiry: '12/39', cvc: '408', holder: 'Ada Obi' },
  };

  it('refuses a name carrying a header ("Eve\\nBcc: x") in every form', () => {
    expect(errorsOf(registrationPayloadSchema.safeParse({ ...registration, firstName: HEADER_INJECTION }))).toEqual({ firstName: MESSAGES.invalid });
    expect(errorsOf(partnershipPayloadSchema.safeParse({ ...partnership, lastName: HEADER_INJECTION }))).toEqual({ lastName: MESSAGES.invalid });
    expect(errorsOf(partnershipPayloadSchema.safeParse({ ...partnership, organization: 'Ake\rBooks' }))).toEqual({ organization: MESSAGES.invalid });
    expect(errorsOf(volunteerPayloadSchema.safeParse({ ...volunteer, firstName: HEADER_INJECTION }))).toEqual({ firstName: MESSAGES.invalid });
    expect(errorsOf(contactPayloadSchema.safeParse({ ...contact, name: HEADER_INJECTION }))).toEqual({ name: MESSAGES.invalid });
    const bad = {
      ...donation,
      donor: { ...donation.donor, firstName: HEADER_INJECTION, address: { ...donation.donor.address, city: 'Abeokuta\u2028Lagos' } },
      card: { ...donation.card, holder: 'Ada\u202EObi' },
      source: 'frontend\r\nx',
    };
    expect(errorsOf(donationPayloadSchema.safeParse(bad))).toEqual({
      'donor.firstName': MESSAGES.invalid,
      'donor.address.city': MESSAGES.invalid,
      'card.holder': MESSAGES.invalid,
      source: MESSAGES.invalid,
    });
  });

  it('keeps line breaks in the proposal and the messages', () => {
    const proposal = 'We would like to sponsor the young readers tent.\r\nAnd donate two hundred books.';
    expect(partnershipPayloadSchema.safeParse({ ...partnership, proposal }).data?.proposal).toBe(proposal);
    const message = 'Hello,\nI stewarded at two festivals.\n\nThanks';
    expect(volunteerPayloadSchema.safeParse({ ...volunteer, message }).data?.message).toBe(message);
    expect(contactPayloadSchema.safeParse({ ...contact, message }).data?.message).toBe(message);
  });
});

describe('the staff area\'s payloads', () => {
  it('accounts: a name with a line break or a bidi control is refused', () => {
    const account = { name: 'Ada Obi', email: 'ada@itan.example', role: 'staff', password: '' };
    expect(errorsOf(createStaffPayloadSchema.safeParse({ ...account, name: HEADER_INJECTION }))).toEqual({ name: MESSAGES.invalid });
    expect(errorsOf(staffRegisterPayloadSchema.safeParse({ ...account, name: '\u202EAda', password: 'a-long-password' }))).toEqual({ name: MESSAGES.invalid });
  });

  const report = { title: 'Readers’ Day', category: 'Event Report', date: '2026-10-25', body: 'The hall was full.' };

  it('reports: title, author, alt text and tags are one line; a title with U+202E is refused', () => {
    expect(errorsOf(reportInputSchema.safeParse({ ...report, title: 'Readers\u202E yaD' }))).toEqual({ title: MESSAGES.invalid });
    expect(errorsOf(reportInputSchema.safeParse({ ...report, title: 'Readers\nDay' }))).toEqual({ title: MESSAGES.invalid });
    expect(errorsOf(reportInputSchema.safeParse({ ...report, author: 'Ada\rObi' }))).toEqual({ author: MESSAGES.invalid });
    expect(errorsOf(reportInputSchema.safeParse({ ...report, tags: ['youth', 'read\u2028ing'] }))).toEqual({ tags: MESSAGES.invalid });
    expect(
      errorsOf(reportInputSchema.safeParse({ ...report, imageId: '00000000-0000-4000-8000-000000000000', imageAlt: 'A hall\nX-Inject: 1' })),
    ).toEqual({ imageAlt: MESSAGES.invalid });
  });

  it('reports: the excerpt and the Markdown body keep their line breaks', () => {
    const parsed = reportInputSchema.safeParse({ ...report, excerpt: 'A day of readings.\nAnd music.', body: '# Day\n\nThe **hall**\nwas full.' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.excerpt).toBe('A day of readings.\nAnd music.');
    expect(parsed.data?.body).toBe('# Day\n\nThe **hall**\nwas full.');
  });

  it('the hero and the event cards: titles, button text, subtitle and category are one line; the hero text is not', () => {
    const hero = { title: 'Ìtàn 2026', body: 'Two days of books.\nIn Abeokuta.', ctaText: 'Register' };
    expect(heroInputSchema.safeParse(hero).success).toBe(true);
    expect(errorsOf(heroInputSchema.safeParse({ ...hero, title: 'Ìtàn\r2026', ctaText: 'Reg\u2066ister' }))).toEqual({ title: MESSAGES.invalid, ctaText: MESSAGES.invalid });
    expect(errorsOf(cardInputSchema.safeParse({ title: 'Opening\nNight', subtitle: 'x\u2029y', category: 'Talk\u202E' }))).toEqual({
      title: MESSAGES.invalid,
      subtitle: MESSAGES.invalid,
      category: MESSAGES.invalid,
    });
  });

  it('event details: title, venue and address are one line; the description keeps its paragraphs', () => {
    const detail = { title: 'Opening', startsAt: '2026-10-24T09:00', endsAt: '2026-10-24T11:00', venue: 'Centenary Hall', address: 'Ake, Abeokuta', description: 'First.\n\nSecond.' };
    const ok = parseEventDetailInput(detail);
    expect(ok.ok && ok.value.description).toBe('<p>First.</p><p>Second.</p>');
    const bad = parseEventDetailInput({ ...detail, title: 'Indigo\rX-INJECT:1', venue: 'Hall\nB', address: 'Ake\u202E' });
    expect(bad.ok ? {} : bad.errors).toEqual({ title: MESSAGES.invalid, venue: MESSAGES.invalid, address: MESSAGES.invalid });
  });
});
