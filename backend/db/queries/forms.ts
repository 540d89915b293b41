import type { DonationPayload, PartnershipPayload, VolunteerPayload } from '@/lib/forms/schemas';
import { newId, ticketReference } from '../../lib/ids';
import type { Db } from '../schema';

/** Writes for the form endpoints. Each takes db first so it also runs inside a transaction. */

export async function subscribeNewsletter(db: Db, email: string, now: string) {
  const normalised = email.trim().toLowerCase();
  const inserted = await db
    .insertInto('newsletter_subscriptions')
    .values({ id: newId(), email: normalised, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'created_at'])
    .where('email', '=', normalised)
    .executeTakeFirstOrThrow();
  return { ...row, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

export class CapacityExceededError extends Error {
  constructor(public readonly remaining: number) {
    super('Registration capacity reached');
    this.name = 'CapacityExceededError';
  }
}

export interface NewRegistration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  numberOfTickets: number;
  submittedAt: string;
}

/**
 * Claims the tickets and stores the registration in one transaction. The claim is a single
 * conditional UPDATE of the counter row (`used + n <= capacity`): PostgreSQL locks the row and
 * re-checks the condition for a waiting writer; SQLite runs one writer at a time. Either way the
 * capacity cannot be exceeded by concurrent requests.
 */
export async function createRegistration(db: Db, input: NewRegistration, capacity: number | undefined, now: string) {
  return db.transaction().execute(async (trx) => {
    let claim = trx
      .updateTable('counters')
      .set((eb) => ({ used: eb('used', '+', input.numberOfTickets) }))
      .where('name', '=', 'registrations');
    if (capacity !== undefined) claim = claim.where('used', '<=', capacity - input.numberOfTickets);
    const claimed = await claim.executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const row = await trx.selectFrom('counters').select('used').where('name', '=', 'registrations').executeTakeFirst();
      throw new CapacityExceededError(Math.max(0, (capacity ?? 0) - Number(row?.used ?? 0)));
    }

    let reference = ticketReference();
    for (let i = 0; i < 5; i++) {
      const clash = await trx
        .selectFrom('registrations')
        .select('id')
        .where('ticket_reference', '=', reference)
        .executeTakeFirst();
      if (!clash) break;
      reference = ticketReference();
    }
    const row = {
      id: newId(),
      ticket_reference: reference,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone,
      number_of_tickets: input.numberOfTickets,
      submitted_at: input.submittedAt,
      created_at: now,
    };
    await trx.insertInto('registrations').values(row).execute();
    return row;
  });
}

export async function ticketsClaimed(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('used').where('name', '=', 'registrations').executeTakeFirst();
  return Number(row?.used ?? 0);
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

/** A charged donation. Only the card's last four digits and brand are given, never more. */
export interface NewDonation {
  id: string;
  amountKobo: number;
  donor: DonationPayload['donor'];
  cardHolder: string;
  cardLast4: string;
  cardBrand: string;
  gateway: string;
  gatewayReference: string;
  source: string;
}

export async function createDonation(db: Db, input: NewDonation, now: string) {
  const row = {
    id: input.id,
    amount_kobo: input.amountKobo,
    currency: 'NGN',
    first_name: input.donor.firstName,
    last_name: input.donor.lastName,
    email: input.donor.email.toLowerCase(),
    phone: input.donor.phone,
    street: input.donor.address.street,
    city: input.donor.address.city,
    state: input.donor.address.state,
    zipcode: input.donor.address.zipcode,
    card_holder: input.cardHolder,
    card_last4: input.cardLast4,
    card_brand: input.cardBrand,
    gateway: input.gateway,
    gateway_reference: input.gatewayReference,
    status: 'succeeded',
    source: input.source,
    created_at: now,
  };
  await db.insertInto('donations').values(row).execute();
  return row;
}
