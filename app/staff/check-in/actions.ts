'use server';

import { call, capabilities, isApiError } from '@/lib/backend';
import { checkInPayloadSchema, checkInResultSchema, referenceFromScan } from '@/contract/api/tickets';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import { registrationFormSchema, toRegistrationPayload } from '@/contract/forms/schemas';
import { WALK_IN_MESSAGES, type WalkIn } from '@/contract/api/walk-ins';
import type { FormState } from '@/contract/forms/form-state';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction } from '@/lib/staff/action';
import { getCheckInCounts } from '@/lib/staff/check-in';
import type { CheckInData, CheckInState } from '@/components/staff/check-in-state';

const typedOf = (formData: FormData) => String(formData.get('reference') ?? '').slice(0, 200);

/** The verdict with fresh counts, so the page's follow without a reload (the last ones if none came). */
async function withCounts(answered: CheckInState & { data: CheckInData }, previous: FormState<unknown>): Promise<CheckInState> {
  const counts = (await getCheckInCounts()) ?? (previous as CheckInState).data?.counts;
  return { ...answered, data: { ...answered.data, counts } };
}

/**
 * One check-in (staff; the builder checks the session here, not only the page: an action is its
 * own endpoint). The backend's conditional update decides: the first scan wins, every other one is
 * told when and by whom. A backend answer is a success; a bad reference or no answer an error.
 */
export const checkInAction = staffAction({
  role: 'staff',
  page: '/staff/check-in',
  async run({ formData, previous }) {
    const typed = typedOf(formData);
    const parsed = checkInPayloadSchema.safeParse({ reference: typed });
    // A typed reference, a ticket link or a gate pass (a handheld scanner types the QR code's text).
    const reference = parsed.success ? referenceFromScan(parsed.data.reference) : undefined;
    if (!reference) {
      return withCounts({ status: 'error', errors: {}, values: { reference: typed }, message: CHECK_IN_MESSAGES.invalid, data: { answer: { status: 'invalid', typed } } }, previous);
    }
    const answer = await call('checkIn', { body: { reference } });
    return withCounts({ status: 'success', errors: {}, values: {}, data: { answer } }, previous);
  },
  async failure(error, { formData, previous }) {
    // Already checked in, or no such ticket: the backend's verdict, in its error's body.
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      const answer = checkInResultSchema.safeParse(error.body);
      if (answer.success) return withCounts({ status: 'success', errors: {}, values: {}, data: { answer: answer.data } }, previous);
    }
    const typed = typedOf(formData);
    return withCounts({ ...apiErrorState(error, { fallback: CHECK_IN_MESSAGES.failed, values: { reference: typed }, fields: [], message: 'never' }), data: { answer: { status: 'failed', typed } } }, previous);
  },
});

/** The walk-in form's fields, in its order (the registration's). */
const WALK_IN_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'numberOfTickets'] as const;

/**
 * A walk-in at the gate (issue 41; staff, checked here): the registration form's schema and
 * rules, posted once per Idempotency-Key (the form's; each answer brings the next), to the
 * backend, which registers, mails the ticket and checks in at once. Refusals (sold out, too few
 * left, the address already registered, outside the window, a field) come back in the backend's
 * words with the answers kept; anything else is the form's "try again".
 */
export const walkInAction = staffAction({
  role: 'staff',
  page: '/staff/check-in',
  idempotent: true,
  values: (posted) => Object.fromEntries(WALK_IN_FIELDS.map((field) => [field, String(posted[field] ?? '')])),
  unavailable: () => (capabilities().walkIns ? undefined : WALK_IN_MESSAGES.unavailable),
  schema: registrationFormSchema,
  fields: WALK_IN_FIELDS,
  failure: { fallback: WALK_IN_MESSAGES.failed, fields: WALK_IN_FIELDS, reads: (status) => status === 409 || status === 422 },
  async run({ input, idempotencyKey }): Promise<FormState<WalkIn>> {
    const result = await call('walkIn', { body: toRegistrationPayload(input), idempotencyKey });
    return { status: 'success', errors: {}, values: {}, message: result.message, data: result.data };
  },
});
