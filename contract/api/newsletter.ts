import { z } from 'zod';
import { text } from '@/contract/text';
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
  t: text().trim().max(64).optional(),
  token: text().trim().max(64).optional(),
});
export type UnsubscribePayload = z.output<typeof unsubscribePayloadSchema>;

/**
 * Double opt-in (issue 31): the confirmation mail links to the site's page /newsletter/confirm?email=…&t=…,
 * whose button posts here (a GET never confirms: mail link scanners open links).
 *
 *   POST /api/newsletter/confirm/ { email, token }   (JSON or a form; `t` accepted as in the link)
 *        → 200 { success, message, confirmedAt }   confirmed now, or earlier (the consent time kept)
 *        | 403 a forged or edited token, or a sign-up that is gone (forgotten after 30 days, renewed)
 *        | 409 the address confirmed and has unsubscribed since: only a new sign-up subscribes it
 *        | 400 anything else                        (NEWSLETTER_CONFIRM_MESSAGES)
 */
export const confirmPayloadSchema = unsubscribePayloadSchema;
export type ConfirmPayload = z.output<typeof confirmPayloadSchema>;

export const confirmResultSchema = z.object({
  success: z.literal(true),
  message: text(),
  /** When the address confirmed: the consent record. */
  confirmedAt: text(),
});
export type ConfirmResult = z.output<typeof confirmResultSchema>;
