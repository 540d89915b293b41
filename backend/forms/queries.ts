import { sql } from 'kysely';
import type { ContactPayload, PartnershipPayload, VolunteerPayload } from '@/contract/api/forms';
import { proposalDeadline } from '@/contract/business-days';
import type { Db, DbDialect } from '../db/schema';
import { claimPlaces, placesUsed, releasePlaces } from '../edition/counter';
import { newId, ticketReference } from '../lib/ids';
import { mayResendConfirmation } from '../newsletter/confirm';
import { normaliseEmail } from '../newsletter/unsubscribe';

/** Writes for the form endpoints. Each takes db first so it also runs inside a transaction. */

/**
 * A newsletter sign-up (issue 31, double opt-in), in the caller's transaction. `confirm` says
 * whether a confirmation mail is owed:
 * - a new address is stored unconfirmed: yes;
 * - confirmed and subscribed: nothing changes, no mail;
 * - confirmed, then unsubscribed: a new sign-up, so a new consent is needed: `confirmed_at` is
 *   cleared (the old consent time is not reused), `created_at` becomes the new sign-up's time
 *   (the links mailed for the old one stop working), and yes;
 * - waiting for confirmation: yes only within mayResendConfirmation's bounds (the 30 days still
 *   count from the first sign-up).
 * On PostgreSQL the address is locked for the transaction first (concurrent sign-ups take turns);
 * on SQLite the first statement, a write, takes the write lock.
 */
export async function subscribeNewsletter(db: Db, dialect: DbDialect, email: string, now: Date) {
  const normalised = normaliseEmail(email);
  const at = now.toISOString();
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${normalised}`}))`.execute(db);
  const inserted = await db
    .insertInto('newsletter_subscriptions')
    .values({ id: newId(), email: normalised, created_at: at, confirmed_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  const read = () => db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow();
  const row = await read();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { ...row, confirm: true };
  if (row.confirmed_at !== null && row.unsubscribed_at === null) return { ...row, confirm: false };
  if (row.confirmed_at !== null) {
    await db.updateTable('newsletter_subscriptions').set({ created_at: at, confirmed_at: null }).where('id', '=', row.id).execute();
    return { ...(await read()), confirm: true };
  }
  return { ...row, confirm: await mayResendConfirmation(db, normalised, row.created_at, now) };
}

export class CapacityExceededError extends Error {
  constructor(public readonly remaining: number) {
    super('Registration capacity reached');
    this.name = 'CapacityExceededError';
  }
}

/** The address already holds its REGISTRATIONS_PER_EMAIL registrations this edition. */
export class AlreadyRegisteredError extends Error {
  constructor(public readonly email: string) {
    super('This address already holds its registrations');
    this.name = 'AlreadyRegisteredError';
  }
}

/** An address as registrations are compared: trimmed, lower case (rows stored before that count too). */
export const canonicalEmail = (email: string): string => email.trim().toLowerCase();

/**
 * How many registrations the address holds for the edition, given back ones aside, by
 * `lower(trim(email))` (the migration 2026-11-26-2 index).
 */
export async function registrationsOf(db: Db, email: string, edition: string): Promise<number> {
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(sql<string>`lower(trim(email))`, '=', canonicalEmail(email))
    .where('edition', '=', edition)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewRegistration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  numberOfTickets: number;
  submittedAt: string;
}

async function freshTicketReference(db: Db): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const reference = ticketReference();
    const clash = await db.selectFrom('registrations').select('id').where('ticket_reference', '=', reference).executeTakeFirst();
    if (!clash) return reference;
  }
  return ticketReference();
}

export interface RegistrationLimits {
  /** The edition's start date: what the registration is for, and whose counter it claims. */
  edition: string;
  /** The edition's wristbands; null: no limit. */
  capacity: number | null;
  /** REGISTRATIONS_PER_EMAIL; undefined: none. */
  perEmail: number | undefined;
  /**
   * Places this registration already holds (a waiting-list offer being taken): they are not
   * claimed again. Default 0.
   */
  held?: number;
}

/**
 * Stores a registration without ever passing the edition's capacity, nor the address's
 * REGISTRATIONS_PER_EMAIL, even under concurrent requests.
 *
 * One transaction (the caller's, when given one) whose first write is the conditional claim of
 * the edition's counter row (backend/edition/counter.ts), then the count of the address's
 * registrations, then the insert. PostgreSQL: the row lock queues concurrent claims, and the count
 * runs after the lock is held, so under READ COMMITTED it sees every registration committed
 * before it, and two posts with one address cannot both be stored. SQLite runs one writer at a
 * time (BEGIN IMMEDIATE), so the same holds.
 *
 * Throws AlreadyRegisteredError (the address is full; said before a full capacity, which it would
 * not change) or CapacityExceededError; the transaction then writes nothing.
 */
export async function createRegistration(db: Db, input: NewRegistration, limits: RegistrationLimits, now: string) {
  const { capacity, perEmail, edition } = limits;
  const held = limits.held ?? 0;
  const row = {
    id: newId(),
    ticket_reference: await freshTicketReference(db),
    first_name: input.firstName,
    last_name: input.lastName,
    email: canonicalEmail(input.email),
    phone: input.phone,
    number_of_tickets: input.numberOfTickets,
    submitted_at: input.submittedAt,
    created_at: now,
    edition,
  };
  const full = async () => new CapacityExceededError(capacity === null ? 0 : Math.max(0, capacity - (await placesUsed(db, edition))));

  const addressFull = async (trx: Db) => perEmail !== undefined && (await registrationsOf(trx, row.email, edition)) >= perEmail;

  const claimAndInsert = async (trx: Db) => {
    const extra = input.numberOfTickets - held;
    const claimed = extra > 0 ? await claimPlaces(trx, edition, extra, capacity) : true;
    if (extra < 0) await releasePlaces(trx, edition, -extra);
    // Thrown, so that the claim above is rolled back with the transaction.
    if (await addressFull(trx)) throw new AlreadyRegisteredError(row.email);
    if (!claimed) return false;
    await trx.insertInto('registrations').values(row).execute();
    return true;
  };
  // Inside the caller's transaction (the Idempotency-Key is recorded in it too), or in one of its own.
  const stored = db.isTransaction ? await claimAndInsert(db) : await db.transaction().execute(claimAndInsert);
  if (!stored) throw await full();
  return row;
}

/** Wristbands issued for the edition and not given back (the sum over stored registrations). */
export async function ticketsClaimed(db: Db, edition: string): Promise<number> {
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('number_of_tickets'), eb.lit(0)).as('n'))
    .where('edition', '=', edition)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createPartnership(db: Db, input: PartnershipPayload, now: string) {
  const row = {
    id: newId(),
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    organization: input.organization || null,
    proposal: input.proposal,
    submitted_at: input.submittedAt,
    created_at: now,
    // The inbox's deadline, fixed on arrival: the end of the fifth Lagos working day.
    due_at: proposalDeadline(new Date(now)),
  };
  await db.insertInto('partnerships').values(row).execute();
  return row;
}

export async function createVolunteerApplication(db: Db, input: VolunteerPayload, now: string) {
  const row = {
    id: newId(),
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    roles: JSON.stringify(input.roles),
    availability: input.availability,
    message: input.message || null,
    submitted_at: input.submittedAt,
    created_at: now,
  };
  await db.insertInto('volunteer_applications').values(row).execute();
  return row;
}

export async function createContactMessage(db: Db, input: ContactPayload, now: string) {
  const row = {
    id: newId(),
    name: input.name,
    email: input.email.toLowerCase(),
    topic: input.topic,
    message: input.message,
    submitted_at: input.submittedAt,
    created_at: now,
  };
  await db.insertInto('contact_messages').values(row).execute();
  return row;
}
