import { wristbands } from '@/contract/festival';
import { z } from 'zod';
import { text } from '@/contract/text';
import { registrationPayloadSchema } from './forms';

/**
 * A walk-in at the gate (issue 41), ours beside spec §7, staff only, built-in backend:
 *
 *   POST /api/admin/check-ins/walk-ins/ { firstName, lastName, email, phone, numberOfTickets, submittedAt }
 *        (Idempotency-Key)  → 201 { success, registrationId, ticketReference, message, data: WalkIn }
 *                              409 sold out / too few left / the address holds its registrations /
 *                                  outside the walk-in window (reason), 422 invalid fields
 *
 * A walk-in IS a registration: the same payload and rules as POST /api/forms/registrations/ (the
 * registration form's fields and limits, contract/forms/schemas.ts), the same capacity, per-address
 * limit and ticket mail, made by the same service (backend/tickets/register.ts). Then, in the same
 * transaction, it is checked in at once as a scan of the gate form's device, and audited with the
 * staff member. Its window is wider than the public's: also on the festival days, even when staff
 * closed registration earlier (contract/edition.ts walkInWindowState).
 */
export const walkInPayloadSchema = registrationPayloadSchema;
export type WalkInPayload = z.output<typeof walkInPayloadSchema>;

export const walkInSchema = z.object({
  ticket: z.object({
    reference: text(),
    firstName: text(),
    lastName: text(),
    numberOfTickets: z.number().int().positive(),
  }),
  checkedInAt: text(),
  checkedInBy: text(),
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const walkInResultSchema = z.object({
  success: z.literal(true),
  registrationId: text(),
  ticketReference: text(),
  message: text(),
  data: walkInSchema,
});


/**
 * The walk-in form's words (the gate page) and the backend's answers that are the walk-in's own.
 * Capacity refusals are the registration's own ("Registration is full: …", "Only n wristbands are
 * left …"), as the public form says them; outside the window, the registration window's messages.
 */
export const WALK_IN_MESSAGES = {
  title: 'Walk-in',
  intro: 'Someone at the gate without a ticket, while wristbands remain: register them here. They are checked in at once; their ticket follows by email.',
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  emailLabel: 'Email address',
  emailHint: 'Their ticket is sent here.',
  phoneLabel: 'Phone number',
  phoneHint: 'For example 0803 123 4567 or +234 803 123 4567',
  numberLabel: 'Number of wristbands',
  numberHint: (min: number, max: number) => `From ${min} to ${max}, one wristband each.`,
  submit: 'Register and check in',
  pending: 'Registering…',
  remaining: (n: number) => `${wristbands(n)} left for this edition.`,
  soldOut: 'No wristbands are left for this edition: a walk-in will be refused.',
  done: (reference: string, n: number) => `Walk-in registered and checked in: ${reference}. Hand over ${wristbands(n)}; the ticket is on its way by email.`,
  /** The answer's second line: the reference, the name and the wristbands. */
  ticketLine: (reference: string, name: string, n: number) => `${reference}: ${name}, ${wristbands(n)}`,
  /** The address already holds its registrations: no walk-in; its ticket went to it again (or not: the resend's hourly cap). */
  alreadyRegisteredResent: 'This email address already holds its registration for this edition, so no walk-in was made. Its ticket has been sent to it again: check that ticket in instead.',
  alreadyRegistered: 'This email address already holds its registration for this edition, so no walk-in was made. Check its ticket in instead (the visitor can show it from the email).',
  failed: 'The walk-in could not be registered. Please try again.',
  offline: 'No connection: a walk-in is registered by the server. Try again when the gate is back online.',
  unavailable: 'Walk-ins are registered in the festival’s own ticket system with this backend.',
} as const;
