import { z } from 'zod';
import { text } from '@/contract/text';
import { EMAIL_RULES, NAME_RULES } from '@/contract/forms/field-rules';
import { MESSAGES } from '@/contract/forms/messages';
import { textField } from '@/contract/forms/rules';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_CHARS } from './admin';

/** POST /api/auth/login/ { email, password } (spec §7) as the staff sign-in form sends it. */
export const staffLoginFormSchema = z.object({
  email: textField(EMAIL_RULES),
  password: text({ error: MESSAGES.required }).min(1, MESSAGES.required).max(1024),
});

/** A password a person chooses for a staff account: at least PASSWORD_MIN_CHARS characters. */
export const staffPasswordSchema = text({ error: MESSAGES.required }).min(PASSWORD_MIN_CHARS, ACCOUNT_MESSAGES.passwordShort).max(1024);

/** POST /api/auth/register/ { email, name, password } (only when ALLOW_STAFF_SIGNUP is set). */
export const staffRegisterPayloadSchema = z.object({
  email: textField(EMAIL_RULES),
  name: textField(NAME_RULES),
  password: staffPasswordSchema,
});
export type StaffRegisterPayload = z.output<typeof staffRegisterPayloadSchema>;

/** POST /api/auth/login/ answers with the bearer token that becomes the session cookie. */
export const staffLoginResultSchema = z.object({ token: text().min(16) });

// An external backend's /me may not know roles: such a user is plain staff (no account admin).
export const staffUserSchema = z.object({ id: text(), email: text(), name: text(), role: z.enum(['admin', 'staff']).catch('staff') });
export type StaffUser = z.infer<typeof staffUserSchema>;

/** GET /api/auth/me/ → the signed-in staff member. */
export const staffMeResultSchema = z.object({ success: z.literal(true), user: staffUserSchema });

/**
 * How long a staff session lasts, the same for the backend's token and the site's cookie: at most
 * STAFF_SESSION_HOURS after sign-in (absolute), and it ends sooner after STAFF_SESSION_IDLE_MINUTES
 * without a request (a phone left unlocked at the gate).
 */
export const STAFF_SESSION_HOURS = 12;
export const STAFF_SESSION_IDLE_MINUTES = 120;

/**
 * Staff sign-in's own limit (issue 32; backend/auth/throttle.ts): after too many wrong passwords for
 * one account, or from one address, sign-in waits up to this long (the answer's Retry-After says
 * exactly). Form posts never count toward it.
 */
export const SIGN_IN_WAIT_MINUTES = 15;

export const SIGN_IN_MESSAGES = {
  tooManyAttempts: `Too many failed sign-in attempts. Please wait up to ${SIGN_IN_WAIT_MINUTES} minutes and try again.`,
} as const;
