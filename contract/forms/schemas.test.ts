import { describe, expect, it } from 'vitest';
import { DONATION_SECRET_FIELDS, echoValues, formDataToObject, validateForm } from './form-state';
import { SUBMIT_MESSAGES } from './form-messages';
import { MESSAGES, NEWSLETTER_MESSAGES } from './messages';
import {
  donationFormSchema,
  partnershipFormSchema,
  registrationFormSchema,
  resolveDonationAmount,
  toDonationPayload,
  toPartnershipPayload,
  toRegistrationPayload,
  volunteerFormSchema,
} from './schemas';
import { donationPayloadSchema } from '@/contract/api/forms';

function form(entries: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
}

const person = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 123 4567' };
const card = { cardHolder: 'Ada Obi', cardNumber: '4084 0840 8408 4081', cardExpiry: '12/39', cardCvc: '408' };
const address = { streetAddress: '1 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' };

describe('exact messages (spec §4, §8)', () => {
  it('match the spec word for word', () => {
    expect(MESSAGES.required).toBe('This field is required');
    expect(MESSAGES.email).toBe('Please enter a valid email address');
    expect(MESSAGES.phone).toBe('Please enter a valid phone number');
    expect(MESSAGES.donationMinimum).toBe('Minimum donation amount is ₦100');
    expect(MESSAGES.cardNumberRequired).toBe('Card number is required');
    expect(MESSAGES.cardExpiryRequired).toBe('Card expiry is required');
    expect(MESSAGES.cvcRequired).toBe('CVC is required');
    expect(MESSAGES.cardHolderRequired).toBe('Cardholder name is required');
    expect(MESSAGES.proposalMinimum).toBe(
      'Please provide detailed information about your partnership proposal (minimum 50 characters)',
    );
    expect(MESSAGES.ticketsRange).toBe('Number of tickets must be between 1 and 10');
    expect(MESSAGES.invalid).toBe('Invalid value');
    expect(SUBMIT_MESSAGES).toMatchObject({
      donation: 'Donation failed. Please try again.',
      partnership: 'Submission failed. Please try again.',
      registration: 'Registration failed. Please try again.',
      unexpected: 'An error occurred. Please try again.',
    });
    expect(NEWSLETTER_MESSAGES.success).toBe('Successfully subscribed! Thank you.');
    expect(NEWSLETTER_MESSAGES.error).toBe('Subscription failed. Please try again.');
  });
});

describe('validateForm', () => {
  it('an empty registration: every field required, in the form order', () => {
    const result = validateForm(registrationFormSchema, form({ numberOfTickets: '' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.entries(result.state.errors)).toEqual([
      ['firstName', 'This field is required'],
      ['lastName', 'This field is required'],
      ['email', 'This field is required'],
      ['phone', 'This field is required'],
      ['numberOfTickets', 'This field is required'],
    ]);
  });

  it('keeps the answers (trimmed input is not changed in the echo) and reports one message per field', () => {
    const result = validateForm(registrationFormSchema, form({ ...person, email: ' nope ', numberOfTickets: '11' }));
    if (result.ok) throw new Error('expected failure');
    expect(result.state.errors).toEqual({ email: MESSAGES.email, numberOfTickets: MESSAGES.ticketsRange });
    expect(result.state.values).toMatchObject({ firstName: 'Ada', email: ' nope ', numberOfTickets: '11' });
  });

  it('ignores fields outside the schema (honeypot, idempotency key)', () => {
    const result = validateForm(registrationFormSchema, form({ ...person, numberOfTickets: '2', website: 'x', idempotencyKey: 'k' }));
    expect(result).toEqual({ ok: true, data: { ...person, numberOfTickets: 2 } });
  });

  it('a short proposal gets the spec’s long message; organisation is optional', () => {
    const result = validateForm(partnershipFormSchema, form({ ...person, organization: '', proposal: 'A reading tent.' }));
    if (result.ok) throw new Error('expected failure');
    expect(result.state.errors).toEqual({ proposal: MESSAGES.proposalMinimum });
  });

  it('never echoes the card number or CVC of a failed donation', () => {
    const result = validateForm(
      donationFormSchema,
      { ...person, ...address, ...card, amount: '50' },
      { secretFields: DONATION_SECRET_FIELDS },
    );
    if (result.ok) throw new Error('expected failure');
    expect(result.state.errors).toEqual({ amount: MESSAGES.donationMinimum });
    expect(result.state.values).not.toHaveProperty('cardNumber');
    expect(result.state.values).not.toHaveProperty('cardCvc');
    expect(JSON.stringify(result.state)).not.toContain('4081');
    expect(JSON.stringify(result.state)).not.toContain('408"');
    expect(result.state.values.cardHolder).toBe('Ada Obi');
  });

  it('an empty donation names each card field with its own message', () => {
    const result = validateForm(donationFormSchema, form({}));
    if (result.ok) throw new Error('expected failure');
    expect(result.state.errors).toMatchObject({
      amount: MESSAGES.required,
      cardHolder: MESSAGES.cardHolderRequired,
      cardNumber: MESSAGES.cardNumberRequired,
      cardExpiry: MESSAGES.cardExpiryRequired,
      cardCvc: MESSAGES.cvcRequired,
      zipcode: MESSAGES.required,
    });
    expect(Object.keys(result.state.errors)[0]).toBe('amount');
  });

  it('volunteer: roles from the six, one availability', () => {
    const bad = validateForm(volunteerFormSchema, form({ ...person, roles: 'juggling', availability: '' }));
    if (bad.ok) throw new Error('expected failure');
    expect(bad.state.errors).toEqual({ roles: MESSAGES.invalid, availability: MESSAGES.required });
    const none = validateForm(volunteerFormSchema, form({ ...person, availability: 'day-one' }));
    if (none.ok) throw new Error('expected failure');
    expect(none.state.errors).toEqual({ roles: MESSAGES.roleRequired });
    const good = validateForm(volunteerFormSchema, form({ ...person, roles: ['media-crew', 'logistics', 'media-crew'], availability: 'day-one' }));
    expect(good.ok && good.data.roles).toEqual(['media-crew', 'logistics']);
  });
});

describe('payload builders (spec §3)', () => {
  const now = new Date('2025-09-01T10:00:00.000Z');

  it('registration: numberOfTickets a number, submittedAt an ISO timestamp', () => {
    expect(toRegistrationPayload({ ...person, numberOfTickets: 3 }, now)).toEqual({
      ...person,
      numberOfTickets: 3,
      submittedAt: '2025-09-01T10:00:00.000Z',
    });
  });

  it('partnership: organization only when given', () => {
    const base = { ...person, proposal: 'x'.repeat(60) };
    expect(toPartnershipPayload({ ...base, organization: '' }, now)).toEqual({ ...base, submittedAt: now.toISOString() });
    expect(toPartnershipPayload({ ...base, organization: 'Ake Books' }, now)).toMatchObject({ organization: 'Ake Books' });
  });

  it('donation: the nested shape, NGN, source frontend, and the backend schema accepts it', () => {
    const payload = toDonationPayload({ ...person, ...address, ...card, amount: 5000 });
    expect(payload).toEqual({
      amount: 5000,
      currency: 'NGN',
      donor: { ...person, address: { street: '1 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } },
      card: { number: card.cardNumber, expiry: card.cardExpiry, cvc: card.cardCvc, holder: card.cardHolder },
      source: 'frontend',
    });
    expect(donationPayloadSchema.safeParse(payload).success).toBe(true);
    expect(donationPayloadSchema.safeParse({ ...payload, currency: 'USD' }).error?.issues[0]?.message).toBe(
      MESSAGES.currencyInvalid,
    );
  });

  it('donation amount: a suggested choice wins, "other" or none means the typed amount', () => {
    expect(resolveDonationAmount({ amountChoice: '5000', customAmount: '300' })).toBe('5000');
    expect(resolveDonationAmount({ amountChoice: 'other', customAmount: '300' })).toBe('300');
    expect(resolveDonationAmount({ customAmount: '300' })).toBe('300');
    expect(resolveDonationAmount({ amountChoice: '999999', customAmount: '' })).toBe('');
  });
});

describe('form-state helpers', () => {
  it('formDataToObject keeps repeated names as arrays', () => {
    expect(formDataToObject(form({ a: '1', roles: ['x', 'y'] }))).toEqual({ a: '1', roles: ['x', 'y'] });
  });

  it('echoValues drops secrets and non-text', () => {
    expect(echoValues({ a: 'x', cardNumber: '4084', n: 5, o: {} }, ['a', 'cardNumber', 'n', 'o'], ['cardNumber'])).toEqual({
      a: 'x',
      n: '5',
    });
  });
});
