import { z } from 'zod';
import { EMAIL_RULES } from '@/lib/forms/field-rules';
import { textField } from '@/lib/forms/rules';

/** POST /api/auth/login/ { email, password } (spec §7) as the staff sign-in form sends it. */
export const staffLoginFormSchema = z.object({
  email: textField(EMAIL_RULES),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(1024),
});
