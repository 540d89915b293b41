import { z } from 'zod';
import { endpoint } from '../../api/endpoint';
import { resultPattern } from '../../api/result';
import { EMAIL_RULES, NAME_RULES, ORGANIZATION_RULES, PHONE_RULES, PROPOSAL_RULES } from '../field-rules';
import { textField } from '../rules';
import { stamped, submittedAt, type StoredFormContract } from './form';

/** The partnership form (spec §3): /partnerships, POST /api/forms/partnerships/. */

/** Its fields in the order the form shows them (the error summary follows it). */
export const partnershipFormSchema = z.object({
  firstName: textField(NAME_RULES),
  lastName: textField(NAME_RULES),
  email: textField(EMAIL_RULES),
  phone: textField(PHONE_RULES),
  organization: textField(ORGANIZATION_RULES),
  proposal: textField(PROPOSAL_RULES),
});
export type PartnershipForm = z.output<typeof partnershipFormSchema>;

export const partnershipPayloadSchema = partnershipFormSchema.extend({ submittedAt: submittedAt() });
export type PartnershipPayload = z.output<typeof partnershipPayloadSchema>;

export function toPartnershipPayload(form: PartnershipForm, now = new Date()) {
  const { organization, ...rest } = form;
  return stamped({ ...rest, ...(organization ? { organization } : {}) }, now);
}

export const partnership = {
  form: partnershipFormSchema,
  toPayload: toPartnershipPayload,
  endpoint: endpoint({ method: 'POST', path: '/api/forms/partnerships/', request: partnershipPayloadSchema, result: resultPattern(['partnershipId']), builtInOnly: false }),
  pages: { page: '/partnerships', thankYou: ['/partnerships/thank-you'] },
  submitMessage: 'Submission failed. Please try again.',
  mailReason: 'You are receiving this email because a partnership proposal was sent to the Ìtàn Book & Arts Festival with this address.',
} as const satisfies StoredFormContract;
