import { registrationPayloadSchema } from '@/contract/api/forms';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import { REGISTRATION_WINDOW_MESSAGES, registrationWindowState, type Edition } from '@/contract/edition';
import { currentEdition } from '../edition/service';
import type { AppDeps } from '../kernel/deps';
import type { FormFlow } from '../kernel/form-flow';
import { failureBody } from '../kernel/http';
import type { Db } from '../db/schema';
import type { KeyedContext, Outcome } from '../kernel/idempotency';
import { newId, nowIso, ticketReference } from '../kernel/ids';
import { FORM_MESSAGES, success } from '../kernel/results';
import { signerOf } from '../kernel/signer-of';
import { enqueue } from '../outbox/queue';
import { ticketPath } from './links';
import { registrationMail } from './registration-mail';
import { AlreadyRegisteredError, CapacityExceededError, createRegistration, type NewRegistration, type RegistrationRow } from './registrations';
import { resendTickets } from './service';

/**
 * POST /forms/registrations (spec §7): the registration and its ticket mail in one transaction
 * (`ctx.commit`, which also records an Idempotency-Key's answer), and the contract's answer.
 */
export function registrationFlow(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'config' | 'signer' | 'onOutboxWrite'>,
): FormFlow<typeof registrationPayloadSchema> {
  return {
    schema: registrationPayloadSchema,
    handle: (data, { commit }) =>
      registerVisitor(deps, data, commit, {
        refusal: (edition, now) => windowRefusal(edition, now),
        alreadyRegistered: (resent) => (resent ? REGISTRATION_MESSAGES.alreadyRegisteredResent : REGISTRATION_MESSAGES.alreadyRegistered),
        async answer(_trx, row, { ticketUrl }) {
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
        },
      }),
    decoy() {
      const ref = ticketReference();
      return success('registrationId', newId(), FORM_MESSAGES.registration(ref), { ticketReference: ref }, 201, {
        ticketReference: ref,
      });
    },
  };
}

/** What differs between a public registration and a walk-in at the gate (issue 41). */
export interface RegisterOptions {
  /** Why no registration may be made now (the window), or undefined to go on. */
  refusal: (edition: Edition, now: Date) => Outcome | undefined;
  /** The answer, written inside the registration's transaction (a walk-in's check-in goes in it too). */
  answer: (trx: Db, row: RegistrationRow, made: { ticketUrl: string; edition: Edition; now: Date }) => Promise<Outcome>;
  /** The words when the address already holds its registrations (`resent`: its tickets went to it again). */
  alreadyRegistered: (resent: boolean) => string;
}

/**
 * One registration, by whichever door: the window, then in one transaction (`commit`: the
 * Idempotency-Key's answer is recorded in it) the registration within the edition's capacity and
 * the address's limit, its ticket mail, and whatever `answer` adds; capacity and the per-address
 * limit answer 409 in the result pattern, the same words for every door.
 */
export async function registerVisitor(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'config' | 'signer' | 'onOutboxWrite'>,
  data: NewRegistration,
  commit: KeyedContext['commit'],
  options: RegisterOptions,
): Promise<Outcome> {
  // Before the transaction: on SQLite it holds the one connection, and loading the signer reads.
  const ticketSigner = await signerOf(deps)();
  const now = deps.config.now();
  const edition = await currentEdition(deps.db, deps.config, now);
  const refused = options.refusal(edition, now);
  if (refused) return refused;
  const limits = { edition: edition.key, capacity: edition.capacity, perEmail: deps.config.registrationsPerEmail };
  try {
    return await commit(async (trx) => {
      const row = await createRegistration(trx, data, limits, nowIso());
      await enqueue(trx, registrationMail.entry(row.email, { registrationId: row.id }));
      return options.answer(trx, row, { ticketUrl: ticketPath(ticketSigner, row.ticket_reference), edition, now });
    });
  } catch (error) {
    if (error instanceof AlreadyRegisteredError) return alreadyRegistered(deps, error.email, options.alreadyRegistered);
    if (!(error instanceof CapacityExceededError)) throw error;
    const message = error.remaining > 0 ? FORM_MESSAGES.registrationFewLeft(error.remaining) : FORM_MESSAGES.registrationFull;
    return { status: 409, body: { ...failureBody(message, error.remaining > 0 ? { numberOfTickets: message } : {}) } };
  }
}

/**
 * Outside the edition's registration window: a 409 in the result pattern with the message the form
 * shows (contract/edition.ts), and a `reason` a client can act on. Nothing is stored.
 */
export function windowRefusal(edition: Edition, now: Date, window = registrationWindowState(edition, now)): Outcome | undefined {
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
async function alreadyRegistered(deps: Pick<AppDeps, 'db' | 'dialect' | 'onOutboxWrite'>, email: string, words: (resent: boolean) => string): Promise<Outcome> {
  const resent = await resendTickets(deps.db, deps.dialect, email);
  if (resent) deps.onOutboxWrite?.('mail');
  const message = words(resent);
  return { status: 409, body: { ...failureBody(message, { email: message }), reason: 'already-registered', ticketResent: resent } };
}
