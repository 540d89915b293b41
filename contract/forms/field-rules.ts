/**
 * The rules of every form field, as plain data and functions (no zod): schemas.ts builds the zod
 * schemas from these, and the browser's on-blur check (components/forms) runs the same functions
 * from FIELD_CHECKS, so a field shows the same message in both places.
 */
import { DONATION_MAX_NGN, DONATION_MIN_NGN, TICKETS_MAX, TICKETS_MIN } from '../festival'; // relative: next.config.ts loads it (through public-forms.ts and the stored forms), and Next's config loader knows no @/ alias
import {
  cardExpiryCheck,
  cardNumberCheck,
  checkNumber,
  checkText,
  cvcCheck,
  type FieldRules,
  type NumberRules,
  type PlainTextRules,
  type TextRules,
} from './checks';
import { lookup } from '../lookup';
import { MESSAGES, maxValueMessage } from './messages';

/**
 * Every text field is one line (checks.ts isOneLine: no line break, no bidi control) unless its
 * rules say `multiline`: only the textareas (proposal, messages) do. The rules of one stored form's
 * own fields live in its module (contract/forms/stored/<x>.ts), these are the shared ones.
 */
export const NAME_RULES: PlainTextRules = { name: true, maxLength: 100 };
export const EMAIL_RULES: PlainTextRules = { email: true, maxLength: 254 };
export const PHONE_RULES: PlainTextRules = { phone: true, maxLength: 30 };
export const STREET_RULES: TextRules = { maxLength: 200 };
export const CITY_RULES: TextRules = { maxLength: 100 };
export const STATE_RULES: TextRules = { maxLength: 100 };
export const ZIPCODE_RULES: TextRules = { maxLength: 20 };
export const CARD_HOLDER_RULES: TextRules = { required: MESSAGES.cardHolderRequired, name: true, maxLength: 100 };
export const CARD_NUMBER_RULES: TextRules = { required: MESSAGES.cardNumberRequired, maxLength: 23, custom: [cardNumberCheck] };
export const CARD_EXPIRY_RULES: TextRules = { required: MESSAGES.cardExpiryRequired, maxLength: 7, custom: [cardExpiryCheck] };
export const CARD_CVC_RULES: TextRules = { required: MESSAGES.cvcRequired, maxLength: 4, custom: [cvcCheck] };

export const TICKETS_RULES: NumberRules = {
  required: MESSAGES.required,
  min: { n: TICKETS_MIN, message: MESSAGES.ticketsRange },
  max: { n: TICKETS_MAX, message: MESSAGES.ticketsRange },
  integer: MESSAGES.ticketsRange,
};

export const AMOUNT_RULES: NumberRules = {
  required: MESSAGES.required,
  min: { n: DONATION_MIN_NGN, message: MESSAGES.donationMinimum },
  max: { n: DONATION_MAX_NGN, message: maxValueMessage(DONATION_MAX_NGN) },
  // Naira and kobo, no finer (issue 42): the spec's 'Invalid value' rather than a silent rounding.
  maxDecimals: { n: 2, message: MESSAGES.invalid },
  lenient: true,
};

/** The donation form's amount inputs: suggested amounts (radios), "other", and the typed amount. */
export const AMOUNT_CHOICE_FIELD = 'amountChoice';
export const CUSTOM_AMOUNT_FIELD = 'customAmount';
export const AMOUNT_OTHER = 'other';

/** A field's check as the browser runs it: its value in, its first message (or nothing) out. */
export type FieldCheck = (value: string) => string | undefined;

const text =
  (rules: TextRules): FieldCheck =>
  (value) => {
    const r = checkText(value, rules);
    return r.ok ? undefined : r.message;
  };
const num =
  (rules: NumberRules): FieldCheck =>
  (value) => {
    const r = checkNumber(value, rules);
    return r.ok ? undefined : r.message;
  };

/**
 * Per form, the fields checked on blur. The stored forms (contract/forms/stored) are not here: each
 * page gives ActionForm its form's `fields`. Choice groups (volunteer roles, availability, a
 * contact's topic) are checked on submit only: leaving one checkbox says nothing about the group.
 */
export const FIELD_CHECKS = {
  newsletter: { email: text(EMAIL_RULES) },
  registration: {
    firstName: text(NAME_RULES),
    lastName: text(NAME_RULES),
    email: text(EMAIL_RULES),
    phone: text(PHONE_RULES),
    numberOfTickets: num(TICKETS_RULES),
  },
  donation: {
    amount: num(AMOUNT_RULES),
    firstName: text(NAME_RULES),
    lastName: text(NAME_RULES),
    email: text(EMAIL_RULES),
    phone: text(PHONE_RULES),
    streetAddress: text(STREET_RULES),
    city: text(CITY_RULES),
    state: text(STATE_RULES),
    zipcode: text(ZIPCODE_RULES),
    cardHolder: text(CARD_HOLDER_RULES),
    cardNumber: text(CARD_NUMBER_RULES),
    cardExpiry: text(CARD_EXPIRY_RULES),
    cardCvc: text(CARD_CVC_RULES),
  },
  ticketResend: {
    email: text(EMAIL_RULES),
  },
  staffLogin: {
    email: text(EMAIL_RULES),
  },
  /** The waiting list when sold out (issue 28, contract/api/waiting-list.ts). */
  waitingList: {
    name: text(NAME_RULES),
    email: text(EMAIL_RULES),
    numberOfTickets: num(TICKETS_RULES),
  },
  /** Taking a waiting-list offer: the registration's other fields. */
  waitingOffer: {
    firstName: text(NAME_RULES),
    lastName: text(NAME_RULES),
    phone: text(PHONE_RULES),
  },
} as const satisfies Record<string, Record<string, FieldCheck>>;

export type FormName = keyof typeof FIELD_CHECKS;

/**
 * The on-blur message for one field of one form (a FIELD_CHECKS name, or a stored form's field
 * rules); undefined when the field passes or is unknown.
 */
export function checkField(form: FormName | FieldRules, field: string, value: string): string | undefined {
  if (typeof form !== 'string') {
    const rules = lookup(form, field);
    return rules ? text(rules)(value) : undefined;
  }
  const checks: Record<string, FieldCheck> = FIELD_CHECKS[form];
  return lookup(checks, field)?.(value);
}
