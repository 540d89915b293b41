import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '@/contract/festival';
import {
  contactPayloadSchema,
  newsletterPayloadSchema,
  partnershipPayloadSchema,
  registrationPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import { REGISTRATION_WINDOW_MESSAGES, registrationWindowState, type Edition } from '@/contract/edition';
import { currentEdition } from '../edition/service';
import { failureBody } from '../lib/http';
import { newId, nowIso, ticketReference } from '../lib/ids';
import type { KeyedContext, Outcome } from '../lib/idempotency';
import type { Logger } from '../lib/log';
import { signerOf } from '../lib/signer-of';
import { mailEntry } from '../mail';
import { enqueue } from '../outbox/queue';
import { ticketPath } from '../tickets/links';
import type { AppDeps } from '../types';
import { resendTickets } from '../tickets/service';
import {
  AlreadyRegisteredError,
  CapacityExceededError,
  createContactMessage,
  createPartnership,
  createRegistration,
  createVolunteerApplication,
  subscribeNewsletter,
} from './queries';

/**
 * The form endpoints' flows (POST /api/forms/*, spec §7), one per form: each writes its row and
 * the mail it owes in one transaction (`ctx.commit`, which also records an Idempotency-Key's
 * answer) and decides the contract's answer. forms/routes.ts does the HTTP around them.
 */
export const FORM_MESSAGES = {
  newsletter: 'Successfully subscribed! Thank you.',
  registration: (ref: string) => `Registration confirmed. Your ticket reference is ${ref}.`,
  registrationFull: 'Registration is full: all wristbands for this edition have been claimed.',
  registrationFewLeft: (n: number) =>
    `Only ${n} wristband${n === 1 ? ' is' : 's are'} left for this edition. Please choose fewer tickets.`,
  partnership: 'Thank you for your proposal. We will respond within 5 business days.',
  donation: 'Thank you for your donation. A confirmation email will follow within 24 hours.',
  donationCheckout: "Your donation is ready: continue on Paystack's secure page to pay.",
  volunteer: 'Thank you for offering to volunteer. We will be in touch soon.',
  contact: 'Thank you for your message. We will reply by email.',
} as const;

export type IdField = 'subscriptionId' | 'registrationId' | 'partnershipId' | 'donationId' | 'volunteerId' | 'contactId';

/** What a flow is given: the keyed request's context, and the request's logger (it carries the request id). */
export type FlowContext = KeyedContext & { log: Logger };

export interface FormFlow<S extends z.ZodType> {
  schema: S;
  handle: (data: z.output<S>, ctx: FlowContext) => Promise<Outcome>;
  /** What a bot that filled the honeypot sees: success-shaped, nothing stored. */
  decoy: () => Outcome;
  /** Request fingerprint for Idempotency-Key reuse checks: never includes card secrets. */
  fingerprint?: (raw: Record<string, unknown>) => unknown;
}

/** The contract's success answer: `{ success, data, <thing>Id, …extra, message }`. */
export function success(
  idField: IdField,
  id: string,
  message: string,
  data: Record<string, unknown>,
  status: ContentfulStatusCode = 201,
  extra: Record<string, unknown> = {},
): Outcome {
  return { status, body: { success: true, data, [idField]: id, ...extra, message } };
}

/** A bot filled the hidden field: it gets a success-shaped answer and nothing is stored. */
export function caughtByHoneypot(body: Record<string, unknown>): boolean {
  const trap = body[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && trap !== '';
}

export function newsletterFlow(deps: Pick<AppDeps, 'dialect'>): FormFlow<typeof newsletterPayloadSchema> {
  return {
    schema: newsletterPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        // The same answer (status, message, shape) whether the address is new, waiting for its
        // confirmation or already confirmed: anything else would tell anyone who asks who subscribes.
        // Double opt-in (issue 31): the mail is the confirmation link, not a welcome.
        // The real clock, not FESTIVAL_NOW: sign-up and consent times are records, and the 30 days are real.
        const now = new Date();
        const row = await subscribeNewsletter(trx, deps.dialect, data.email, now);
        if (row.confirm) await enqueue(trx, mailEntry('newsletterConfirm', row.email, {}), now);
        return success('subscriptionId', row.id, FORM_MESSAGES.newsletter, { id: row.id, email: row.email });
      }),
    decoy: () => success('subscriptionId', newId(), FORM_MESSAGES.newsletter, {}),
  };
}

export function registrationFlow(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'config' | 'signer' | 'onOutboxWrite'>,
): FormFlow<typeof registrationPayloadSchema> {
  const signer = signerOf(deps);
  return {
    schema: registrationPayloadSchema,
    async handle(data, { commit }) {
      // Before the transaction: on SQLite it holds the one connection, and loading the signer reads.
      const ticketSigner = await signer();
      const now = deps.config.now();
      const edition = await currentEdition(deps.db, deps.config, now);
      const refused = windowRefusal(edition, now);
      if (refused) return refused;
      const limits = { edition: edition.startDate, capacity: edition.capacity, perEmail: deps.config.registrationsPerEmail };
      try {
        return await commit(async (trx) => {
          const row = await createRegistration(trx, data, limits, nowIso());
          await enqueue(trx, mailEntry('registration', row.email, { registrationId: row.id }));
          const ticketUrl = ticketPath(ticketSigner, row.ticket_reference);
          const body = {
            id: row.id,
            ticketReference: row.ticket_reference,
            firstName: row.first_name,
            lastName: row.last_name,
            email: row.email,
            numberOfTickets: row.number_of_tickets,
            submittedAt: row.submitted_at,
            createdAt: row.created_at,
          };
          return success('registrationId', row.id, FORM_MESSAGES.registration(row.ticket_reference), body, 201, {
            ticketReference: row.ticket_reference,
            ticketUrl,
          });
        });
      } catch (error) {
        if (error instanceof AlreadyRegisteredError) return alreadyRegistered(deps, error.email);
        if (!(error instanceof CapacityExceededError)) throw error;
        const message = error.remaining > 0 ? FORM_MESSAGES.registrationFewLeft(error.remaining) : FORM_MESSAGES.registrationFull;
        return { status: 409, body: { ...failureBody(message, error.remaining > 0 ? { numberOfTickets: message } : {}) } };
      }
    },
    decoy() {
      const ref = ticketReference();
      return success('registrationId', newId(), FORM_MESSAGES.registration(ref), { ticketReference: ref }, 201, {
        ticketReference: ref,
      });
    },
  };
}

/**
 * Outside the edition's registration window: a 409 in the result pattern with the message the form
 * shows (contract/edition.ts), and a `reason` a client can act on. Nothing is stored.
 */
export function windowRefusal(edition: Edition, now: Date): Outcome | undefined {
  const window = registrationWindowState(edition, now);
  if (window === 'open') return undefined;
  const message = window === 'not-yet' && edition.registrationOpensAt ? REGISTRATION_WINDOW_MESSAGES.notYet(edition.registrationOpensAt) : REGISTRATION_WINDOW_MESSAGES.closed;
  return { status: 409, body: { ...failureBody(message), reason: window === 'not-yet' ? 'registration-not-open' : 'registration-closed' } };
}

/**
 * The address already holds its registrations (REGISTRATIONS_PER_EMAIL): no wristband more. Its
 * tickets go to it again through the lost-ticket resend, within that path's hourly cap
 * (RESEND_PER_HOUR, counted together), and the answer says which happened. A 409 in the result
 * pattern, the message also on the email field, so the form's error summary links to it. The
 * mail goes to the address, never to whoever posted: the answer carries no reference and no link.
 */
async function alreadyRegistered(deps: Pick<AppDeps, 'db' | 'dialect' | 'onOutboxWrite'>, email: string): Promise<Outcome> {
  const resent = await resendTickets(deps.db, deps.dialect, email);
  if (resent) deps.onOutboxWrite?.('mail');
  const message = resent ? REGISTRATION_MESSAGES.alreadyRegisteredResent : REGISTRATION_MESSAGES.alreadyRegistered;
  return { status: 409, body: { ...failureBody(message, { email: message }), reason: 'already-registered', ticketResent: resent } };
}

export function partnershipFlow(): FormFlow<typeof partnershipPayloadSchema> {
  return {
    schema: partnershipPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createPartnership(trx, data, nowIso());
        await enqueue(trx, mailEntry('partnershipAck', row.email, { partnershipId: row.id }));
        return success('partnershipId', row.id, FORM_MESSAGES.partnership, {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          organization: row.organization,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('partnershipId', newId(), FORM_MESSAGES.partnership, {}),
  };
}

export function volunteerFlow(): FormFlow<typeof volunteerPayloadSchema> {
  return {
    schema: volunteerPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createVolunteerApplication(trx, data, nowIso());
        await enqueue(trx, mailEntry('volunteerAck', row.email, { volunteerId: row.id }));
        return success('volunteerId', row.id, FORM_MESSAGES.volunteer, {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          roles: JSON.parse(row.roles) as string[],
          availability: row.availability,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('volunteerId', newId(), FORM_MESSAGES.volunteer, {}),
  };
}

export function contactFlow(): FormFlow<typeof contactPayloadSchema> {
  return {
    schema: contactPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        const row = await createContactMessage(trx, data, nowIso());
        return success('contactId', row.id, FORM_MESSAGES.contact, {
          id: row.id,
          topic: row.topic,
          submittedAt: row.submitted_at,
          createdAt: row.created_at,
        });
      }),
    decoy: () => success('contactId', newId(), FORM_MESSAGES.contact, {}),
  };
}
