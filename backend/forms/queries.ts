import type { ContactPayload, PartnershipPayload, VolunteerPayload } from '@/contract/api/forms';
import { proposalDeadline } from '@/contract/business-days';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';

/** Writes for the inbox's form endpoints. Each takes db first so it also runs inside a transaction. */

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
