/**
 * The field checks themselves, free of zod so the browser can run them on blur with a few hundred
 * bytes instead of the whole schema library. rules.ts wraps them in zod for the server; both ends
 * therefore give the same message for the same input. Order (spec §5): required (blank after
 * trimming), email, phone, minimum length, min, max, custom — a field reports its first failure.
 */
import { canonicalEmail } from './email';
import { MESSAGES, maxLengthMessage, minLengthMessage } from './messages';

export { canonicalEmail } from './email';

export type Check = (value: string) => string | undefined;
export type CheckResult<T> = { ok: true; value: T } | { ok: false; message: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/**
 * Control characters no person types (tab, newline and carriage return are left to the field:
 * multi-line fields keep line breaks, one-line ones refuse them with isOneLine). PostgreSQL
 * refuses NUL in text outright, so letting one through would turn bad input into a failed insert.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * Half of a UTF-16 surrogate pair on its own (JSON can carry one as "\ud800"): not a character,
 * and it cannot be stored as UTF-8 without being replaced. With the u flag only lone ones match.
 */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * the text after them ("Trojan Source"), so a name holding one can show staff and exports
 * something other than what was typed. No one needs one in a name.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * What a one-line field (a name, a title, a venue, an address line, alt text, a tag...) may not
 * hold, whatever its length: a line break (CR, LF, NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH
 * SEPARATOR), which would start a new header in a mail, a new property in an .ics file or a new
 * row in a log; and a bidi embedding, override or isolate (BIDI_CONTROLS). Multi-line fields (a
 * proposal, a message, a description, a Markdown body) keep their line breaks.
 */
const NOT_ONE_LINE = /[\r\n\u0085\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** The single-line rule (issue 32), the one test every one-line field of the contract applies. */
export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/**
 * Characters that show nothing: format characters (zero-width spaces and joiners, word joiner,
 * byte-order mark, soft hyphen...), spaces, and the blank letters some fonts draw as nothing
 * (combining grapheme joiner, Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE = /[\p{Cf}\p{Z}\s\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;
const INVISIBLE_EDGES = /^[\p{Cf}\p{Z}\s\u034F\u115F\u1160\u3164\uFFA0\u2800]+|[\p{Cf}\p{Z}\s\u034F\u115F\u1160\u3164\uFFA0\u2800]+$/gu;

export interface TextRules {
  /** false for optional fields; a string for a field-specific required message. */
  required?: boolean | string;
  /**
   * A person's or organisation's name, shown to staff and in exports: bidi controls are refused
   * ('Invalid value'), invisible characters around it are dropped, and a name made only of them
   * is blank (the field's required message).
   */
  name?: boolean;
  /**
   * An email address: in its canonical form (email.ts) before any other check, refused with the
   * email message when it has none.
   */
  email?: boolean;
  phone?: boolean;
  /**
   * A field whose value may span lines (a textarea). Every other text field is one line (isOneLine):
   * a line break or bidi control in it is 'Invalid value' (the email message for an email field).
   */
  multiline?: boolean;
  minLength?: { n: number; message?: string };
  maxLength?: number;
  custom?: readonly Check[];
}

/**
 * Text rules as plain data, no `custom` function: what a server component can hand the browser as
 * a prop (a stored form's page gives its `fields` to ActionForm for the on-blur checks).
 */
export type PlainTextRules = Omit<TextRules, 'custom'> & { custom?: never };

/** A stored form's text fields and their rules (contract/forms/stored): its schema is built from them, the browser runs them on blur. */
export type FieldRules = Readonly<Record<string, PlainTextRules>>;

/**
 * Text as we keep it: trimmed and in Unicode NFC (so "é" typed as e + combining accent and "é"
 * typed as one character are the same name), or undefined for input no person types.
 */
function asText(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'string') {
    if (CONTROL_CHARACTERS.test(raw) || LONE_SURROGATE.test(raw)) return undefined;
    return raw.normalize('NFC').trim();
  }
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

/** A trimmed text value, or its first failing check. Non-text input, or text with control characters, is 'Invalid value'. */
export function checkText(raw: unknown, rules: TextRules = {}): CheckResult<string> {
  const required = rules.required ?? true;
  let value = asText(raw);
  const fail = (message: string): CheckResult<string> => ({ ok: false, message });
  if (value === undefined) return fail(MESSAGES.invalid);
  if (rules.name) {
    if (BIDI_CONTROLS.test(value)) return fail(MESSAGES.invalid);
    value = value.replace(INVISIBLE, '') === '' ? '' : value.replace(INVISIBLE_EDGES, '');
  }
  if (value === '') {
    if (required) return fail(typeof required === 'string' ? required : MESSAGES.required);
    return { ok: true, value };
  }
  // The text as sent, not as trimmed: "Eve\n" is refused too, a line break is never wanted here.
  if (!rules.multiline && typeof raw === 'string' && !isOneLine(raw)) return fail(rules.email ? MESSAGES.email : MESSAGES.invalid);
  if (rules.email) {
    // From the text as sent: trimming first would drop a byte-order mark at either end unseen.
    const canonical = canonicalEmail(typeof raw === 'string' ? raw : value);
    if (canonical === undefined || !EMAIL_PATTERN.test(canonical)) return fail(MESSAGES.email);
    value = canonical;
  }
  if (rules.phone && !PHONE_PATTERN.test(value)) return fail(MESSAGES.phone);
  if (rules.minLength && value.length < rules.minLength.n) {
    return fail(rules.minLength.message ?? minLengthMessage(rules.minLength.n));
  }
  if (rules.maxLength && value.length > rules.maxLength) return fail(maxLengthMessage(rules.maxLength));
  for (const check of rules.custom ?? []) {
    const message = check(value);
    if (message) return fail(message);
  }
  return { ok: true, value };
}

export interface NumberRules {
  required?: string;
  min: { n: number; message: string };
  max: { n: number; message: string };
  integer?: string;
  /**
   * At most `n` decimal places (a naira amount: 2, the kobo), else `message`: "100.009" is refused,
   * never rounded to 100.01 unseen. Trailing zeros do not count ("100.500" is 100.5).
   */
  maxDecimals?: { n: number; message: string };
  /** Accepts "5,000", "₦5000", "5 000" as typed by people. */
  lenient?: boolean;
}

/**
 * Whether `value` is a whole number of 10^-n: scaled and rounded, it comes back as the same double
 * (100.01 does; 100.009 and 100.001 do not), whether it was typed or sent as a JSON number.
 */
function hasAtMostDecimals(value: number, n: number): boolean {
  const scale = 10 ** n;
  return Math.round(value * scale) / scale === value;
}

/** A number typed in a form (string) or sent in JSON (number), or its first failing check. */
export function checkNumber(raw: unknown, rules: NumberRules): CheckResult<number> {
  const fail = (message: string): CheckResult<number> => ({ ok: false, message });
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return fail(rules.required ?? MESSAGES.required);
  } else if (typeof raw === 'string') {
    const cleaned = rules.lenient ? raw.replace(/[₦,\s]|NGN/gi, '') : raw.trim();
    value = /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  } else return fail(MESSAGES.invalid);
  // Not a number at all: a field whose range has one message (tickets) says it; others 'Invalid value'.
  if (!Number.isFinite(value)) return fail(rules.min.message === rules.max.message ? rules.min.message : MESSAGES.invalid);
  if (value < rules.min.n) return fail(rules.min.message);
  if (value > rules.max.n) return fail(rules.max.message);
  if (rules.integer && !Number.isInteger(value)) return fail(rules.integer);
  if (rules.maxDecimals && !hasAtMostDecimals(value, rules.maxDecimals.n)) return fail(rules.maxDecimals.message);
  return { ok: true, value };
}

// Card checks (the backend repeats them before charging; the form runs them so mistakes show early).
export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" -> { month, year }; undefined when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInPast(expiry: { month: number; year: number }, now = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

export const cardNumberCheck: Check = (v) => (luhnValid(v) ? undefined : MESSAGES.cardNumberInvalid);
export const cardExpiryCheck: Check = (v) => {
  const parsed = parseExpiry(v);
  if (!parsed) return MESSAGES.cardExpiryInvalid;
  return expiryInPast(parsed) ? MESSAGES.cardExpired : undefined;
};
export const cvcCheck: Check = (v) => (/^\d{3,4}$/.test(v) ? undefined : MESSAGES.cvcInvalid);

/** "4084084084084081" -> "visa" etc.: the only card facts we keep, with the last four digits. */
export function cardBrand(number: string): string {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^(5061|5078|5079|6500|6521)/.test(d)) return 'verve';
  if (/^3[47]/.test(d)) return 'amex';
  return 'card';
}
