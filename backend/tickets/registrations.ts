import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { claimPlaces, placesUsed, releasePlaces } from '../edition/counter';
import { emailKey } from '../kernel/email';
import { newId, ticketReference } from '../kernel/ids';
import type { NewRegistration, RegistrationLimits, RegistrationRow } from '../kernel/seams';

export type { NewRegistration, RegistrationLimits, RegistrationRow };

/** Registrations (the tickets' rows). Each takes db first so it also runs inside a transaction. */

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

/**
 * How many registrations the address holds for the edition, given back ones aside, by
 * `lower(trim(email))` (the migration 2026-11-26-2 index; rows stored before addresses were
 * canonical count too).
 */
export async function registrationsOf(db: Db, email: string, edition: string): Promise<number> {
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(sql<string>`lower(trim(email))`, '=', emailKey(email))
    .where('edition', '=', edition)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function freshTicketReference(db: Db): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const reference = ticketReference();
    const clash = await db.selectFrom('registrations').select('id').where('ticket_reference', '=', reference).executeTakeFirst();
    if (!clash) return reference;
  }
  return ticketReference();
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
export async function createRegistration(db: Db, input: NewRegistration, limits: RegistrationLimits, now: string): Promise<RegistrationRow> {
  const { capacity, perEmail, edition } = limits;
  const held = limits.held ?? 0;
  const row = {
    id: newId(),
    ticket_reference: await freshTicketReference(db),
    first_name: input.firstName,
    last_name: input.lastName,
    email: emailKey(input.email),
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
