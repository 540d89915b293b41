import { z } from 'zod';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';

/** POST /api/auth/login/ { email, password } (spec §7) as the staff sign-in form sends it. */
export const staffLoginFormSchema = z.object({
  email: textField(EMAIL_RULES),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(1024),
});

/**
 * How long a staff session lasts, the same for the backend's token and the site's cookie: at most
 * STAFF_SESSION_HOURS after sign-in (absolute), and it ends sooner after STAFF_SESSION_IDLE_MINUTES
 * without a request (a phone left unlocked at the gate).
 */
export const STAFF_SESSION_HOURS = 12;
export const STAFF_SESSION_IDLE_MINUTES = 120;
