import { z } from 'zod';
import { DONATION_CURRENCY, DONATION_SUGGESTED_NGN } from '@/contract/festival';
import {
  AMOUNT_CHOICE_FIELD,
  AMOUNT_OTHER,
  AMOUNT_RULES,
  CUSTOM_AMOUNT_FIELD,
  CARD_CVC_RULES,
  CARD_EXPIRY_RULES,
  CARD_HOLDER_RULES,
  CARD_NUMBER_RULES,
  CITY_RULES,
  EMAIL_RULES,
  NAME_RULES,
  PHONE_RULES,
  STATE_RULES,
  STREET_RULES,
  TICKETS_RULES,
  ZIPCODE_RULES,
} from './field-rules';
import { numberField, textField } from './rules';

/**
 * One schema per form, keyed by the form's field names in the order the form shows them (the
 * error summary follows this order), and the mapping of each form to its API payload. The payload
 * schemas themselves are the contract's (contract/api/forms.ts); they reuse these field rules
 * (field-rules.ts), so the site, the browser's on-blur check and the backend give the same message
 * for the same input.
 */
const name = () => textField(NAME_RULES);
const email = () => textField(EMAIL_RULES);
const phone = () => textField(PHONE_RULES);

const ticketsField = () => numberField(TICKETS_RULES);
export const amountField = () => numberField(AMOUNT_RULES);

// ---- Forms (flat FormData fields) ----

// The stored forms' (partnership, volunteer, contact...): each in its module under stored/.
export { contactFormSchema, toContactPayload, type ContactForm } from './stored/contact';
export { partnershipFormSchema, toPartnershipPayload, type PartnershipForm } from './stored/partnership';
export { toVolunteerPayload, volunteerFormSchema, type VolunteerForm } from './stored/volunteer';

export const newsletterFormSchema = z.object({ email: email() });

export const registrationFormSchema = z.object({
  firstName: name(),
  lastName: name(),
  email: email(),
  phone: phone(),
  numberOfTickets: ticketsField(),
});

export const donationFormSchema = z.object({
  amount: amountField(),
  firstName: name(),
  lastName: name(),
  email: email(),
  phone: phone(),
  streetAddress: textField(STREET_RULES),
  city: textField(CITY_RULES),
  state: textField(STATE_RULES),
  zipcode: textField(ZIPCODE_RULES),
  cardHolder: textField(CARD_HOLDER_RULES),
  cardNumber: textField(CARD_NUMBER_RULES),
  cardExpiry: textField(CARD_EXPIRY_RULES),
  cardCvc: textField(CARD_CVC_RULES),
});

export type NewsletterForm = z.output<typeof newsletterFormSchema>;
export type RegistrationForm = z.output<typeof registrationFormSchema>;
export type DonationForm = z.output<typeof donationFormSchema>;

/** Payload paths -> the donation form's field names, to show backend field errors inline. */
export const DONATION_PAYLOAD_FIELDS: Record<string, keyof DonationForm> = {
  amount: 'amount',
  'donor.firstName': 'firstName',
  'donor.lastName': 'lastName',
  'donor.email': 'email',
  'donor.phone': 'phone',
  'donor.address.street': 'streetAddress',
  'donor.address.city': 'city',
  'donor.address.state': 'state',
  'donor.address.zipcode': 'zipcode',
  'card.number': 'cardNumber',
  'card.expiry': 'cardExpiry',
  'card.cvc': 'cardCvc',
  'card.holder': 'cardHolder',
};

/**
 * The donation form on the live path (issue 27): the spec's fields without the card block, which
 * Paystack's own page collects (card with PIN, OTP or 3-D Secure, bank transfer, USSD).
 */
export const donationCheckoutFormSchema = donationFormSchema.omit({ cardHolder: true, cardNumber: true, cardExpiry: true, cardCvc: true });
export type DonationCheckoutForm = z.output<typeof donationCheckoutFormSchema>;

/** The spec's donation payload without the card: POST /api/donations/checkout. */
export function toDonationCheckoutPayload(form: DonationCheckoutForm) {
  return {
    amount: form.amount,
    currency: DONATION_CURRENCY,
    donor: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      address: { street: form.streetAddress, city: form.city, state: form.state, zipcode: form.zipcode },
    },
    source: 'frontend' as const,
  };
}

/** The spec's donation payload (POST /api/forms/donations/): the sandbox's and an external backend's. */
export function toDonationPayload(form: DonationForm) {
  return {
    ...toDonationCheckoutPayload(form),
    card: { number: form.cardNumber, expiry: form.cardExpiry, cvc: form.cardCvc, holder: form.cardHolder },
  };
}

export function toRegistrationPayload(form: RegistrationForm, now = new Date()) {
  return { ...form, numberOfTickets: form.numberOfTickets, submittedAt: now.toISOString() };
}

/**
 * The donation form offers suggested amounts as radio buttons (name "amountChoice") plus an
 * "Other amount" choice with a free field ("customAmount"); this picks the amount the visitor
 * meant. A suggested choice wins; "other" or no choice means the typed amount.
 */

export { AMOUNT_CHOICE_FIELD, AMOUNT_OTHER, CUSTOM_AMOUNT_FIELD };

export function resolveDonationAmount(raw: Record<string, unknown>): unknown {
  const choice = raw[AMOUNT_CHOICE_FIELD];
  if (typeof choice === 'string' && DONATION_SUGGESTED_NGN.some((n) => String(n) === choice)) return choice;
  return raw[CUSTOM_AMOUNT_FIELD];
}
