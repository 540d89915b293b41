import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '@/contract/festival';
import { errorsByPath } from '@/contract/forms/form-state';
import { cardBrand, digitsOnly, parseExpiry } from '@/contract/forms/rules';
import {
  contactPayloadSchema,
  donationPayloadSchema,
  newsletterPayloadSchema,
  partnershipPayloadSchema,
  registrationPayloadSchema,
  volunteerPayloadSchema,
} from '@/contract/api/forms';
import {
  CapacityExceededError,
  createContactMessage,
  createDonation,
  createPartnership,
  createRegistration,
  createVolunteerApplication,
  subscribeNewsletter,
} from '../db/queries/forms';
import { completeIdempotencyKey, releaseIdempotencyKey, reserveIdempotencyKey, storedAnswer } from '../db/queries/idempotency';
import type { Db } from '../db/schema';
import { mailEntry } from '../mail';
import { enqueue } from '../outbox/queue';
import { ticketPath } from '../tickets/links';
import { failureBody, HTTP_MESSAGES, type FailureBody } from '../lib/http';
import { newId, nowIso, ticketReference } from '../lib/ids';
import { GatewayReferenceConflictError, GatewayUnavailableError, PAYMENT_MESSAGES } from '../payments/gateway';
import { signerOf } from '../lib/signer-of';
import type { AppDeps, AppEnv } from '../types';
import { readJsonObject } from './read-json';

/** What a form handler decided: a status and the body to send (and, if keyed, to replay). */
interface Outcome {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

type IdField = 'subscriptionId' | 'registrationId' | 'partnershipId' | 'donationId' | 'volunteerId' | 'contactId';

/**
 * What a handler is given besides the data: `commit` runs the handler's write in one transaction
 * with the recording of the Idempotency-Key's answer (when the request carried one), so the row and
 * its key are stored together or not at all; `reference` is the request's stable name for outside
 * systems (the payment gateway): derived from the Idempotency-Key, so a retry reuses it.
 */
interface HandlerContext {
  commit: (write: (trx: Db) => Promise<Outcome>) => Promise<Outcome>;
  reference: string;
}

interface FormEndpoint<S extends z.ZodType> {
  schema: S;
  idField: IdField;
  handle: (data: z.output<S>, ctx: HandlerContext) => Promise<Outcome>;
  /** What a bot that filled the honeypot sees: success-shaped, nothing stored. */
  decoy: () => Outcome;
  /** Request fingerprint for Idempotency-Key reuse checks: never includes card secrets. */
  fingerprint?: (raw: Record<string, unknown>) => unknown;
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const FORM_MESSAGES = {
  newsletter: 'Successfully subscribed! Thank you.',
  registration: (ref: string) => `Registration confirmed. Your ticket reference is ${ref}.`,
  registrationFull: 'Registration is full: all wristbands for this edition have been claimed.',
  registrationFewLeft: (n: number) =>
    `Only ${n} wristband${n === 1 ? ' is' : 's are'} left for this edition. Please choose fewer tickets.`,
  partnership: 'Thank you for your proposal. We will respond within 5 business days.',
  donation: 'Thank you for your donation. A confirmation email will follow within 24 hours.',
  volunteer: 'Thank you for offering to volunteer. We will be in touch soon.',
  contact: 'Thank you for your message. We will reply by email.',
  idempotencyInFlight: 'This request is already being processed. Please wait a moment and try again.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  idempotencyInvalid: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :',
} as const;

function success(idField: IdField, id: string, message: string, data: Record<string, unknown>, status: ContentfulStatusCode = 201, extra: Record<string, unknown> = {}): Outcome {
  return { status, body: { success: true, data, [idField]: id, ...extra, message } };
}

function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The donation body with the card number cut to its last four digits and the CVC gone. */
function redactCard(raw: Record<string, unknown>): unknown {
  const card = raw.card;
  if (!card || typeof card !== 'object' || Array.isArray(card)) return raw;
  const { number, cvc: _cvc, ...rest } = card as Record<string, unknown>;
  void _cvc;
  return { ...raw, card: { ...rest, last4: typeof number === 'string' ? digitsOnly(number).slice(-4) : null } };
}

/** POST /forms/* (spec §7): validate with contract/forms, drop honeypot bots, honour Idempotency-Key. */
export function formRoutes(deps: AppDeps) {
  const { db, config, gateway } = deps;
  const signer = signerOf(deps);
  const r = new Hono<AppEnv>({ strict: false });

  const newsletter: FormEndpoint<typeof newsletterPayloadSchema> = {
    schema: newsletterPayloadSchema,
    idField: 'subscriptionId',
    handle: (data, { commit }) =>
      commit(async (trx) => {
        // The same answer (status, message, shape) whether or not the address was already on the
        // list: anything else would tell anyone who asks who subscribes.
        const row = await subscribeNewsletter(trx, data.email, nowIso());
        if (row.welcome) await enqueue(trx, mailEntry('newsletterWelcome', row.email, {}));
        return success('subscriptionId', row.id, FORM_MESSAGES.newsletter, { id: row.id, email: row.email });
      }),
    decoy: () => success('subscriptionId', newId(), FORM_MESSAGES.newsletter, {}),
  };

  const registrations: FormEndpoint<typeof registrationPayloadSchema> = {
    schema: registrationPayloadSchema,
    idField: 'registrationId',
    async handle(data, { commit }) {
      // Before the transaction: on SQLite it holds the one connection, and loading the signer reads.
      const ticketSigner = await signer();
      try {
        return await commit(async (trx) => {
          const row = await createRegistration(trx, data, config.registrationCapacity, nowIso());
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

  const partnerships: FormEndpoint<typeof partnershipPayloadSchema> = {
    schema: partnershipPayloadSchema,
    idField: 'partnershipId',
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

  const volunteer: FormEndpoint<typeof volunteerPayloadSchema> = {
    schema: volunteerPayloadSchema,
    idField: 'volunteerId',
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

  const contact: FormEndpoint<typeof contactPayloadSchema> = {
    schema: contactPayloadSchema,
    idField: 'contactId',
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

  const donations: FormEndpoint<typeof donationPayloadSchema> = {
    schema: donationPayloadSchema,
    idField: 'donationId',
    fingerprint: redactCard,
    async handle(data, { commit, reference }) {
      // The schema already checked the expiry; parse again for the gateway's month and year.
      const expiry = parseExpiry(data.card.expiry);
      if (!expiry) return { status: 422, body: { ...failureBody(HTTP_MESSAGES.validation, { 'card.expiry': 'Invalid value' }) } };
      const amountKobo = Math.round(data.amount * 100);
      const digits = digitsOnly(data.card.number);
      let result;
      try {
        // `reference` comes from the Idempotency-Key: a retry sends the gateway the same one, and
        // the gateway never charges one reference twice (it answers with the first charge).
        result = await gateway.charge({
          amountKobo,
          currency: 'NGN',
          email: data.donor.email,
          reference,
          card: { number: digits, cvc: data.card.cvc, expiryMonth: expiry.month, expiryYear: expiry.year },
        });
      } catch (error) {
        if (error instanceof GatewayUnavailableError) {
          deps.log?.(`[backend] payment gateway ${gateway.name} unavailable: ${error.message}`);
          return { status: 502, body: { ...failureBody(PAYMENT_MESSAGES.unavailable) } };
        }
        if (error instanceof GatewayReferenceConflictError) {
          return { status: 422, body: { ...failureBody(FORM_MESSAGES.idempotencyMismatch) } };
        }
        throw error;
      }
      if (result.status === 'declined') return { status: 402, body: { ...failureBody(result.message) } };

      const { reference: gatewayReference } = result;
      return commit(async (trx) => {
        const row = await createDonation(
          trx,
          {
            id: newId(),
            amountKobo,
            donor: data.donor,
            cardHolder: data.card.holder,
            cardLast4: digits.slice(-4),
            cardBrand: cardBrand(digits),
            gateway: gateway.name,
            gatewayReference,
            source: data.source,
          },
          nowIso(),
        );
        await enqueue(trx, mailEntry('donationReceipt', row.email, { donationId: row.id }));
        return success('donationId', row.id, FORM_MESSAGES.donation, {
          id: row.id,
          amount: row.amount_kobo / 100,
          amountKobo: row.amount_kobo,
          currency: row.currency,
          status: row.status,
          reference: row.gateway_reference,
          card: { last4: row.card_last4, brand: row.card_brand },
          createdAt: row.created_at,
        });
      });
    },
    decoy: () => success('donationId', newId(), FORM_MESSAGES.donation, {}),
  };

  const mount = <S extends z.ZodType>(path: string, endpoint: FormEndpoint<S>) => {
    r.post(path, async (c) => respond(c, await runForm(c, path, endpoint)));
  };

  const runForm = async <S extends z.ZodType>(c: Context<AppEnv>, path: string, endpoint: FormEndpoint<S>): Promise<Outcome> => {
    const read = await readJsonObject(c);
    if (!read.ok) return { status: read.status, body: { ...read.body } };
    const raw = read.value;

    const trap = raw[HONEYPOT_FIELD];
    if (trap !== undefined && trap !== null && trap !== '') return endpoint.decoy();

    const parsed = endpoint.schema.safeParse(raw);
    if (!parsed.success) {
      return { status: 422, body: { ...failureBody(HTTP_MESSAGES.validation, errorsByPath(parsed.error)) } };
    }

    const key = c.req.header('idempotency-key')?.trim();
    if (!key) {
      // No key, nothing to record: the write is its own transaction (createRegistration opens one
      // where it needs it), and the gateway gets a reference of its own.
      // The write and the mail it owes are one transaction all the same.
      const outcome = await endpoint.handle(parsed.data, {
        commit: (write) => db.transaction().execute(write),
        reference: `itan-${newId()}`,
      });
      if (outcome.status < 300) deps.onOutboxWrite?.('mail');
      return outcome;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return { status: 400, body: { ...failureBody(FORM_MESSAGES.idempotencyInvalid, {}) } };
    }

    const endpointName = `forms${path}`;
    const fingerprint = sha256((endpoint.fingerprint ?? ((x) => x))(raw));
    const reservation = await reserveIdempotencyKey(db, endpointName, key, fingerprint);
    const replay = (answer: { status: number; body: string }): Outcome => {
      c.header('Idempotent-Replayed', 'true');
      return { status: answer.status as ContentfulStatusCode, body: JSON.parse(answer.body) as Record<string, unknown> };
    };
    if (reservation.kind === 'replay') return replay(reservation);
    if (reservation.kind === 'in-flight') return { status: 409, body: { ...failureBody(FORM_MESSAGES.idempotencyInFlight) } };
    if (reservation.kind === 'mismatch') return { status: 422, body: { ...failureBody(FORM_MESSAGES.idempotencyMismatch) } };
    const { claim } = reservation;

    let recorded = false;
    const commit = async (write: (trx: Db) => Promise<Outcome>): Promise<Outcome> => {
      const outcome = await db.transaction().execute(async (trx) => {
        const result = await write(trx);
        // The answer goes in with the row, and only while this request still holds the key.
        if (!(await completeIdempotencyKey(trx, endpointName, key, claim, result.status, JSON.stringify(result.body)))) {
          throw new KeyTakenOverError();
        }
        return result;
      });
      recorded = true;
      return outcome;
    };

    let outcome: Outcome;
    try {
      outcome = await endpoint.handle(parsed.data, { commit, reference: gatewayReference(endpointName, key) });
    } catch (error) {
      if (error instanceof KeyTakenOverError) {
        // A retry took the key over while this request was presumed dead; its answer stands.
        const answer = await storedAnswer(db, endpointName, key);
        return answer ? replay(answer) : { status: 409, body: { ...failureBody(FORM_MESSAGES.idempotencyInFlight) } };
      }
      await releaseIdempotencyKey(db, endpointName, key, claim).catch(() => undefined);
      throw error;
    }
    if (recorded) {
      if (outcome.status < 300) deps.onOutboxWrite?.('mail');
      return outcome;
    }
    // An answer that wrote nothing (declined card, capacity reached): settled answers are kept;
    // a server-side failure (gateway down) may succeed on retry, so its key is given up.
    if (outcome.status >= 500) await releaseIdempotencyKey(db, endpointName, key, claim);
    else await completeIdempotencyKey(db, endpointName, key, claim, outcome.status, JSON.stringify(outcome.body));
    return outcome;
  };

  mount('/newsletter', newsletter);
  mount('/registrations', registrations);
  mount('/partnerships', partnerships);
  mount('/donations', donations);
  mount('/volunteer', volunteer);
  mount('/contact', contact);

  return r;
}

class KeyTakenOverError extends Error {
  constructor() {
    super('The Idempotency-Key was taken over by a retry');
    this.name = 'KeyTakenOverError';
  }
}

/**
 * The payment reference for a keyed request: the same for every retry with the key, in the
 * characters Paystack allows (letters, digits, '-', '.', '='), and scoped to the endpoint.
 */
function gatewayReference(endpoint: string, key: string): string {
  return `itan-${createHash('sha256').update(`${endpoint}\n${key}`).digest('hex').slice(0, 40)}`;
}

function respond(c: Context<AppEnv>, outcome: Outcome) {
  return c.json(outcome.body, outcome.status);
}

export type { FailureBody };
