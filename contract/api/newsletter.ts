import { z } from 'zod';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';

/**
 * The newsletter part of the /api contract (issue 16, RFC 8058):
 *
 *   POST /api/newsletter/unsubscribe/?email=…&t=…          (the one-click URL; body ignored)
 *   POST /api/newsletter/unsubscribe/ { email, token }      (JSON or a form; the confirm page)
 *        → 200 { success, message } | 403 forged token | 400 anything else (UNSUBSCRIBE_MESSAGES)
 *
 * The signed token comes as `token` or `t` (the link's query name); the address follows the forms'
 * email rule, so the site and the backend accept the same addresses.
 */
export const unsubscribePayloadSchema = z.object({
  email: textField(EMAIL_RULES),
  t: z.string().trim().max(64).optional(),
  token: z.string().trim().max(64).optional(),
});
export type UnsubscribePayload = z.output<typeof unsubscribePayloadSchema>;
