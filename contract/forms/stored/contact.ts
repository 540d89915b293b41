import { z } from 'zod';
import { endpoint } from '../../api/endpoint';
import { resultPattern } from '../../api/result';
import { CONTACT_MESSAGE_MAX_CHARS, CONTACT_MESSAGE_MIN_CHARS, CONTACT_TOPICS } from '../../festival';
import { EMAIL_RULES, NAME_RULES } from '../field-rules';
import { MESSAGES, minLengthMessage } from '../messages';
import { textShape, type FieldRules } from '../rules';
import { stamped, submittedAt, type StoredFormContract } from './form';

/** The /contact form (issue 16): POST /api/forms/contact/. */

const topicField = () =>
  z.unknown().transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.topicRequired });
      return z.NEVER;
    }
    const parsed = z.enum(CONTACT_TOPICS.map((t) => t.value) as [string, ...string[]]).safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
      return z.NEVER;
    }
    return parsed.data;
  });

/** Its text fields and their rules: one name field, as people write their names to us. */
const contactFields = {
  name: NAME_RULES,
  email: EMAIL_RULES,
  message: {
    multiline: true,
    minLength: { n: CONTACT_MESSAGE_MIN_CHARS, message: minLengthMessage(CONTACT_MESSAGE_MIN_CHARS) },
    maxLength: CONTACT_MESSAGE_MAX_CHARS,
  },
} as const satisfies FieldRules;
const text = textShape(contactFields);

/** The fields in the order the form shows them (the error summary follows it). */
export const contactFormSchema = z.object({ name: text.name, email: text.email, topic: topicField(), message: text.message });
export type ContactForm = z.output<typeof contactFormSchema>;

export const contactPayloadSchema = contactFormSchema.extend({ submittedAt: submittedAt() });
export type ContactPayload = z.output<typeof contactPayloadSchema>;

export function toContactPayload(form: ContactForm, now = new Date()) {
  return stamped(form, now);
}

export const contact = {
  fields: contactFields,
  form: contactFormSchema,
  toPayload: toContactPayload,
  endpoint: endpoint({ method: 'POST', path: '/api/forms/contact/', request: contactPayloadSchema, result: resultPattern(['contactId']), builtInOnly: false }),
  pages: { page: '/contact', thankYou: ['/contact/thank-you'] },
  submitMessage: 'Submission failed. Please try again.',
  mailReason: 'You are receiving this email because a message was sent to the Ìtàn Book & Arts Festival through its contact form with this address.',
} as const satisfies StoredFormContract;
