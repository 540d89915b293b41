import { z } from 'zod';
import { endpoint } from '../../api/endpoint';
import { resultPattern } from '../../api/result';
import { PROPOSAL_MAX_CHARS, PROPOSAL_MIN_CHARS } from '../../festival';
import { EMAIL_RULES, NAME_RULES, PHONE_RULES } from '../field-rules';
import { MESSAGES } from '../messages';
import { textShape, type FieldRules } from '../rules';
import { stamped, submittedAt, type StoredFormContract } from './form';

/** The partnership form (spec §3): /partnerships, POST /api/forms/partnerships/. */

/** Its fields and their rules, in the order the form shows them (the error summary follows it). */
const partnershipFields = {
  firstName: NAME_RULES,
  lastName: NAME_RULES,
  email: EMAIL_RULES,
  phone: PHONE_RULES,
  organization: { required: false, name: true, maxLength: 200 },
  proposal: { multiline: true, minLength: { n: PROPOSAL_MIN_CHARS, message: MESSAGES.proposalMinimum }, maxLength: PROPOSAL_MAX_CHARS },
} as const satisfies FieldRules;

export const partnershipFormSchema = z.object(textShape(partnershipFields));
export type PartnershipForm = z.output<typeof partnershipFormSchema>;

export const partnershipPayloadSchema = partnershipFormSchema.extend({ submittedAt: submittedAt() });
export type PartnershipPayload = z.output<typeof partnershipPayloadSchema>;

export function toPartnershipPayload(form: PartnershipForm, now = new Date()) {
  const { organization, ...rest } = form;
  return stamped({ ...rest, ...(organization ? { organization } : {}) }, now);
}

export const partnership = {
  fields: partnershipFields,
  form: partnershipFormSchema,
  toPayload: toPartnershipPayload,
  endpoint: endpoint({ method: 'POST', path: '/api/forms/partnerships/', request: partnershipPayloadSchema, result: resultPattern(['partnershipId']), builtInOnly: false }),
  pages: { page: '/partnerships', thankYou: ['/partnerships/thank-you'] },
  submitMessage: 'Submission failed. Please try again.',
  mailReason: 'You are receiving this email because a partnership proposal was sent to the Ìtàn Book & Arts Festival with this address.',
} as const satisfies StoredFormContract;
