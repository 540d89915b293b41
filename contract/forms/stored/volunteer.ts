import { z } from 'zod';
import { endpoint } from '../../api/endpoint';
import { resultPattern } from '../../api/result';
import { VOLUNTEER_AVAILABILITY, VOLUNTEER_ROLE_IDS } from '../../festival';
import { EMAIL_RULES, NAME_RULES, PHONE_RULES } from '../field-rules';
import { MESSAGES } from '../messages';
import { textShape, type FieldRules } from '../rules';
import { stamped, submittedAt, type StoredFormContract } from './form';

/** The volunteer form (spec §3): /volunteer/apply, POST /api/forms/volunteer/. */

const roleIds = z.enum(VOLUNTEER_ROLE_IDS);
/** One or more of the six roles; a single checkbox arrives as a string. */
const rolesField = () =>
  z
    .unknown()
    .transform((raw, ctx) => {
      const list = raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
      if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.roleRequired });
        return z.NEVER;
      }
      const parsed = z.array(roleIds).safeParse(list);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
        return z.NEVER;
      }
      return [...new Set(parsed.data)];
    });

const availabilityField = () =>
  z.unknown().transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return z.NEVER;
    }
    const parsed = z.enum(VOLUNTEER_AVAILABILITY.map((a) => a.value) as [string, ...string[]]).safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
      return z.NEVER;
    }
    return parsed.data;
  });

/** Its text fields and their rules. */
const volunteerFields = {
  firstName: NAME_RULES,
  lastName: NAME_RULES,
  email: EMAIL_RULES,
  phone: PHONE_RULES,
  message: { required: false, multiline: true, maxLength: 1000 },
} as const satisfies FieldRules;
const text = textShape(volunteerFields);

/** Its fields in the order the form shows them (the error summary follows it). */
export const volunteerFormSchema = z.object({
  firstName: text.firstName,
  lastName: text.lastName,
  email: text.email,
  phone: text.phone,
  roles: rolesField(),
  availability: availabilityField(),
  message: text.message,
});
export type VolunteerForm = z.output<typeof volunteerFormSchema>;

export const volunteerPayloadSchema = volunteerFormSchema.extend({ submittedAt: submittedAt() });
export type VolunteerPayload = z.output<typeof volunteerPayloadSchema>;

export function toVolunteerPayload(form: VolunteerForm, now = new Date()) {
  return stamped(form, now);
}

export const volunteer = {
  fields: volunteerFields,
  form: volunteerFormSchema,
  toPayload: toVolunteerPayload,
  endpoint: endpoint({ method: 'POST', path: '/api/forms/volunteer/', request: volunteerPayloadSchema, result: resultPattern(['volunteerId']), builtInOnly: false }),
  pages: { page: '/volunteer/apply', thankYou: ['/volunteer/apply/thank-you'] },
  submitMessage: 'Submission failed. Please try again.',
  mailReason: 'You are receiving this email because an application to volunteer at the Ìtàn Book & Arts Festival was made with this address.',
} as const satisfies StoredFormContract;
