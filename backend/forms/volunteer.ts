import { z } from 'zod';
import { volunteerPayloadSchema, type VolunteerPayload } from '@/contract/api/forms';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, why } from '../mail/parts';
import { storedForm } from './stored-form';

/** POST /api/forms/volunteer (spec §7): an application to volunteer, for the staff inbox. */

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

/** "We received your volunteer application". */
export const volunteerAckMail = defineMailKind('volunteerAck', {
  payload: z.object({ volunteerId: z.string().min(1) }),
  load: (db, { volunteerId }) => rowById(db, 'volunteer_applications', volunteerId, 'The volunteer application'),
  render: (row, ctx) =>
    acknowledgement({
      firstName: row.first_name,
      subject: 'We received your volunteer application',
      title: 'Thank you for volunteering',
      lines: [
        'Thank you for offering to volunteer at the festival. Your application has reached the volunteer coordinators.',
        'They will be in touch about roles and a briefing before the festival.',
      ],
      reason: why('volunteer', ctx.config.siteUrl),
    }),
});

export const volunteerForm = storedForm({
  path: '/volunteer',
  table: 'volunteer_applications',
  schema: volunteerPayloadSchema,
  idField: 'volunteerId',
  message: 'Thank you for offering to volunteer. We will be in touch soon.',
  insert: createVolunteerApplication,
  mail: { kind: volunteerAckMail, payload: (row) => ({ volunteerId: row.id }) },
  data: (row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roles: JSON.parse(row.roles) as string[],
    availability: row.availability,
    submittedAt: row.submitted_at,
    createdAt: row.created_at,
  }),
});
