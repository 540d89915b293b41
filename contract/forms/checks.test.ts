import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { donationCheckoutPayloadSchema } from '@/contract/api/donations';
import {
  cardBrand,
  cardExpiryCheck,
  checkNumber,
  checkText,
  expiryInPast,
  luhnValid,
  parseExpiry,
} from './checks';
import { AMOUNT_RULES, FIELD_CHECKS, NAME_RULES, TICKETS_RULES, checkField } from './field-rules';
import { MESSAGES } from './messages';
import { STORED_FORMS } from './stored';
import { partnership } from './stored/partnership';

describe('checkText: the spec §5 order', () => {
  it('reports required first, after trimming', () => {
    expect(checkText('   ', { email: true, minLength: { n: 5 } })).toEqual({ ok: false, message: 'This field is required' });
    expect(checkText(undefined)).toEqual({ ok: false, message: 'This field is required' });
    expect(checkText(null)).toEqual({ ok: false, message: 'This field is required' });
  });

  it('uses a field-specific required message when given', () => {
    expect(checkText('', { required: 'Card number is required' })).toEqual({ ok: false, message: 'Card number is required' });
  });

  it('lets an optional blank field pass as an empty string', () => {
    expect(checkText('  ', { required: false, email: true })).toEqual({ ok: true, value: '' });
  });

  it('checks email before phone, phone before minimum length, minimum length before custom', () => {
    const custom = () => 'custom failed';
    expect(checkText('x', { email: true, phone: true, minLength: { n: 50 }, custom: [custom] })).toEqual({
      ok: false,
      message: 'Please enter a valid email address',
    });
    expect(checkText('abc', { phone: true, minLength: { n: 50 }, custom: [custom] })).toEqual({
      ok: false,
      message: 'Please enter a valid phone number',
    });
    expect(checkText('0803 123 4567', { phone: true, minLength: { n: 50 }, custom: [custom] })).toEqual({
      ok: false,
      message: 'Minimum 50 characters required',
    });
    expect(checkText('0803 123 4567', { phone: true, custom: [custom] })).toEqual({ ok: false, message: 'custom failed' });
  });

  it('trims the value it returns and treats non-text as Invalid value', () => {
    expect(checkText('  Ada  ')).toEqual({ ok: true, value: 'Ada' });
    expect(checkText(42)).toEqual({ ok: true, value: '42' });
    expect(checkText({ a: 1 })).toEqual({ ok: false, message: 'Invalid value' });
    expect(checkText(['a'])).toEqual({ ok: false, message: 'Invalid value' });
    expect(checkText(true)).toEqual({ ok: false, message: 'Invalid value' });
  });

  it('treats text with control characters as Invalid value, but keeps tabs, and line breaks in a multi-line field', () => {
    for (const bad of ['Ada\u0000', '\u0000', 'A\u0007da', 'Ada\u001B[31m', 'Ada\u007F']) {
      expect(checkText(bad), JSON.stringify(bad)).toEqual({ ok: false, message: 'Invalid value' });
    }
    expect(checkText('line one\r\nline two\tend', { multiline: true })).toEqual({ ok: true, value: 'line one\r\nline two\tend' });
    expect(checkText('one line\tend')).toEqual({ ok: true, value: 'one line\tend' });
  });

  it('accepts the phone shapes the spec describes and refuses others', () => {
    for (const ok of ['+234 803 123 4567', '0803-123-4567', '(0803) 123 4567', '08031234567']) {
      expect(checkText(ok, { phone: true }).ok, ok).toBe(true);
    }
    for (const bad of ['0803', 'call me', '+234 80x 123 4567', '++2348031234567']) {
      expect(checkText(bad, { phone: true }), bad).toEqual({ ok: false, message: MESSAGES.phone });
    }
  });

  it('accepts plain addresses and refuses malformed ones', () => {
    expect(checkText('ada@example.ng', { email: true }).ok).toBe(true);
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(checkText(bad, { email: true }), bad).toEqual({ ok: false, message: MESSAGES.email });
    }
  });
});

describe('checkText: names that look like something else', () => {
  const RLO = '\u202E';
  it('refuses bidi embeddings, overrides and isolates with the field\'s Invalid value', () => {
    for (const bad of [`${RLO}Ada`, `Ada${RLO}gnp.exe`, '\u202AAda', '\u202DAda', 'Ada\u2066x\u2069', '\u2067Ada', '\u2068Ada']) {
      expect(checkText(bad, NAME_RULES), JSON.stringify(bad)).toEqual({ ok: false, message: MESSAGES.invalid });
      expect(checkField('registration', 'firstName', bad), JSON.stringify(bad)).toBe(MESSAGES.invalid);
    }
  });

  it('a name of invisible characters only is blank: the field\'s required message', () => {
    for (const blank of ['\u200B', '\u200B\u200C\u200D', '\u2060\uFEFF', ' \u200B ', '\u00AD', '\u3164', '\u2800']) {
      expect(checkText(blank, NAME_RULES), JSON.stringify(blank)).toEqual({ ok: false, message: MESSAGES.required });
      expect(checkField(partnership.fields, 'lastName', blank), JSON.stringify(blank)).toBe(MESSAGES.required);
    }
    expect(checkField('donation', 'cardHolder', '\u200B\u200B')).toBe(MESSAGES.cardHolderRequired);
    // Joiners inside a real name are part of how some scripts are written: kept.
    expect(checkText('Ka\u200Dla', NAME_RULES)).toEqual({ ok: true, value: 'Ka\u200Dla' });
    // Invisible characters around a name are dropped.
    expect(checkText('\u200BAda\u200B', NAME_RULES)).toEqual({ ok: true, value: 'Ada' });
  });

  it('refuses lone surrogates in any text (they cannot be stored as UTF-8), keeps real pairs', () => {
    for (const bad of ['Ad\uD800a', '\uDC00', 'Ada\uD83D']) {
      expect(checkText(bad), JSON.stringify(bad)).toEqual({ ok: false, message: MESSAGES.invalid });
      expect(checkText(bad, NAME_RULES), JSON.stringify(bad)).toEqual({ ok: false, message: MESSAGES.invalid });
      expect(checkField(partnership.fields, 'proposal', bad), JSON.stringify(bad)).toBe(MESSAGES.invalid);
    }
    expect(checkText('Ada \uD83D\uDE00', NAME_RULES)).toEqual({ ok: true, value: 'Ada \uD83D\uDE00' });
  });

  it('normalises to NFC, so one name is stored one way', () => {
    const decomposed = 'Ade\u0301kunle\u0300'; // e + combining acute, e + combining grave
    const result = checkText(decomposed, NAME_RULES);
    expect(result).toEqual({ ok: true, value: 'Ad\u00E9kunl\u00E8' });
    expect(checkText('Ile\u0323-Ife\u0300').ok && checkText('Ile\u0323-Ife\u0300')).toEqual({ ok: true, value: 'Il\u1EB9-If\u00E8' });
  });

  it('the same rules hold in the server schemas', async () => {
    const { registrationPayloadSchema, donationPayloadSchema } = await import('@/contract/api/forms');
    const base = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', numberOfTickets: 1, submittedAt: '2025-09-01T10:00:00.000Z' };
    const bidi = registrationPayloadSchema.safeParse({ ...base, firstName: `${RLO}Ada` });
    expect(bidi.success).toBe(false);
    expect(bidi.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstName', MESSAGES.invalid]]);
    const ok = registrationPayloadSchema.safeParse({ ...base, lastName: 'Obi\u0301' });
    expect(ok.success && ok.data.lastName).toBe('Ob\u00ED');
    const holder = donationPayloadSchema.safeParse({
      amount: 500,
      currency: 'NGN',
      donor: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', address: { street: '1 Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } },
      card: { number: '4084 0840 8408 4081', expiry: '12/39', cvc: '408', holder: '\u200B' },
      source: 'frontend',
    });
    expect(holder.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['card.holder', MESSAGES.cardHolderRequired]]);
  });
});

describe('checkNumber', () => {
  it('tickets: required, then the one range message for 0, 11, 1.5 and words', () => {
    expect(checkNumber('', TICKETS_RULES)).toEqual({ ok: false, message: 'This field is required' });
    for (const bad of ['0', '11', '-1', '1.5', 'two', 99]) {
      expect(checkNumber(bad, TICKETS_RULES), String(bad)).toEqual({
        ok: false,
        message: 'Number of tickets must be between 1 and 10',
      });
    }
    expect(checkNumber('1', TICKETS_RULES)).toEqual({ ok: true, value: 1 });
    expect(checkNumber(' 10 ', TICKETS_RULES)).toEqual({ ok: true, value: 10 });
  });

  it('amount: minimum ₦100, lenient about how people type money', () => {
    expect(checkNumber('50', AMOUNT_RULES)).toEqual({ ok: false, message: 'Minimum donation amount is ₦100' });
    expect(checkNumber('99.99', AMOUNT_RULES)).toEqual({ ok: false, message: 'Minimum donation amount is ₦100' });
    expect(checkNumber('100', AMOUNT_RULES)).toEqual({ ok: true, value: 100 });
    expect(checkNumber('₦5,000', AMOUNT_RULES)).toEqual({ ok: true, value: 5000 });
    expect(checkNumber('NGN 2 500', AMOUNT_RULES)).toEqual({ ok: true, value: 2500 });
    expect(checkNumber('abc', AMOUNT_RULES)).toEqual({ ok: false, message: 'Invalid value' });
    expect(checkNumber('20000000', AMOUNT_RULES)).toEqual({ ok: false, message: 'Maximum value is 10000000' });
    expect(checkNumber({}, AMOUNT_RULES)).toEqual({ ok: false, message: 'Invalid value' });
  });

  it('amount: naira and kobo, no finer (issue 42): "100.009" is refused with Invalid value, never rounded', () => {
    for (const finer of ['100.009', '100.001', '₦5,000.555', 100.009, 2500.0001]) {
      expect(checkNumber(finer, AMOUNT_RULES), String(finer)).toEqual({ ok: false, message: MESSAGES.invalid });
      expect(checkField('donation', 'amount', String(finer)), String(finer)).toBe(MESSAGES.invalid);
    }
    for (const [typed, value] of [['100.01', 100.01], ['100.1', 100.1], ['100.50', 100.5], ['100.500', 100.5], ['9999999.99', 9999999.99], [1234.56, 1234.56]] as const) {
      expect(checkNumber(typed, AMOUNT_RULES), String(typed)).toEqual({ ok: true, value });
    }
    // Below the minimum says so first, as before.
    expect(checkNumber('99.999', AMOUNT_RULES)).toEqual({ ok: false, message: MESSAGES.donationMinimum });
    // The payload schemas (the card form's, the checkout's) refuse it on the amount field.
    const donation = { amount: 100.009, donor: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08031234567', address: { street: '1 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } } };
    const parsed = donationCheckoutPayloadSchema.safeParse(donation);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', MESSAGES.invalid]]);
    expect(donationCheckoutPayloadSchema.safeParse({ ...donation, amount: '100.01' }).data?.amount).toBe(100.01);
  });
});

describe('card checks', () => {
  it('Luhn: the sandbox cards pass, a typo fails', () => {
    expect(luhnValid('4084 0840 8408 4081')).toBe(true);
    expect(luhnValid('4084-0800-0000-5408')).toBe(true);
    expect(luhnValid('4084 0840 8408 4082')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('expiry: MM/YY or MM/YYYY, valid through the end of its month', () => {
    expect(parseExpiry('09/27')).toEqual({ month: 9, year: 2027 });
    expect(parseExpiry('9 / 2031')).toEqual({ month: 9, year: 2031 });
    expect(parseExpiry('13/27')).toBeUndefined();
    expect(parseExpiry('0927')).toBeUndefined();
    const now = new Date('2026-05-15T12:00:00Z');
    expect(expiryInPast({ month: 5, year: 2026 }, now)).toBe(false);
    expect(expiryInPast({ month: 4, year: 2026 }, now)).toBe(true);
    expect(cardExpiryCheck('01/20')).toBe(MESSAGES.cardExpired);
    expect(cardExpiryCheck('soon')).toBe(MESSAGES.cardExpiryInvalid);
  });

  it('brand from the number', () => {
    expect(cardBrand('4084084084084081')).toBe('visa');
    expect(cardBrand('5399 8300 0000 0008')).toBe('mastercard');
    expect(cardBrand('5061 0000 0000 0000')).toBe('verve');
  });
});

describe('FIELD_CHECKS (what the browser runs on blur)', () => {
  it('gives the same messages as the server for each form', () => {
    expect(checkField('registration', 'email', 'nope')).toBe('Please enter a valid email address');
    expect(checkField('registration', 'phone', '12')).toBe('Please enter a valid phone number');
    expect(checkField('registration', 'numberOfTickets', '11')).toBe('Number of tickets must be between 1 and 10');
    expect(checkField(partnership.fields, 'proposal', 'too short')).toBe(
      'Please provide detailed information about your partnership proposal (minimum 50 characters)',
    );
    expect(checkField(partnership.fields, 'organization', '')).toBeUndefined();
    expect(checkField('donation', 'amount', '50')).toBe('Minimum donation amount is ₦100');
    expect(checkField('donation', 'cardNumber', '')).toBe('Card number is required');
    expect(checkField('donation', 'cardExpiry', '')).toBe('Card expiry is required');
    expect(checkField('donation', 'cardCvc', '')).toBe('CVC is required');
    expect(checkField('donation', 'cardHolder', ' ')).toBe('Cardholder name is required');
    expect(checkField('newsletter', 'email', '')).toBe('This field is required');
    expect(checkField('registration', 'firstName', 'Ada')).toBeUndefined();
  });

  it('ignores fields it does not know, and names every object has', () => {
    expect(checkField('registration', 'website', 'spam')).toBeUndefined();
    expect(checkField('registration', 'constructor', 'x')).toBeUndefined();
    expect(checkField(partnership.fields, 'website', 'spam')).toBeUndefined();
    expect(checkField(partnership.fields, 'toString', 'x')).toBeUndefined();
  });

  it('covers every field of every form schema', async () => {
    const schemas = await import('./schemas');
    const pairs = [
      ['registration', schemas.registrationFormSchema],
      ['donation', schemas.donationFormSchema],
      ['newsletter', schemas.newsletterFormSchema],
    ] as const;
    for (const [form, schema] of pairs) {
      expect(Object.keys(FIELD_CHECKS[form])).toEqual(Object.keys(schema.shape));
    }
  });

  it("checks a stored form's text fields by the rules its schema is built from; only its choice groups are left to the submit", () => {
    // A field that takes free text but is missing from `fields` would go unchecked on blur.
    const freeText = ['Ada Obi', 'ada@example.com', '0803 123 4567', 'We would like to sponsor the young readers tent and donate books to it.'];
    for (const [name, entry] of Object.entries(STORED_FORMS)) {
      const shape: Record<string, z.ZodType> = entry.form.shape;
      const takesText = Object.keys(shape).filter((field) => freeText.some((value) => shape[field]!.safeParse(value).success));
      expect(Object.keys(entry.fields), name).toEqual(takesText);
      for (const field of takesText) {
        for (const value of ['', 'x', 'a\nb', 'x'.repeat(5001), ...freeText]) {
          const parsed = shape[field]!.safeParse(value);
          expect(checkField(entry.fields, field, value), `${name}.${field} ${JSON.stringify(value)}`).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
        }
      }
    }
  });
});
