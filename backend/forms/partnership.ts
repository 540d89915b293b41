import { z } from 'zod';
import { partnershipPayloadSchema, type PartnershipPayload } from '@/contract/api/forms';
import { proposalDeadline } from '@/contract/business-days';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, why } from '../mail/parts';
import { storedForm } from './stored-form';

/** POST /api/forms/partnerships (spec §7): a partnership proposal, for the staff inbox. */

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

/** "We received your partnership proposal". */
export const partnershipAckMail = defineMailKind('partnershipAck', {
  payload: z.object({ partnershipId: z.string().min(1) }),
  load: (db, { partnershipId }) => rowById(db, 'partnerships', partnershipId, 'The partnership proposal'),
  render: (row, ctx) =>
    acknowledgement({
      firstName: row.first_name,
      subject: 'We received your partnership proposal',
      title: 'We received your proposal',
      lines: [
        `Thank you for your partnership proposal${row.organization ? ` on behalf of ${row.organization}` : ''}. It has reached the festival team.`,
        'A member of the team will reply within 5 business days.',
      ],
      reason: why('partnership', ctx.config.siteUrl),
    }),
});

export const partnershipForm = storedForm({
  path: '/partnerships',
  table: 'partnerships',
  schema: partnershipPayloadSchema,
  idField: 'partnershipId',
  message: 'Thank you for your proposal. We will respond within 5 business days.',
  insert: createPartnership,
  mail: { kind: partnershipAckMail, payload: (row) => ({ partnershipId: row.id }) },
  data: (row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    organization: row.organization,
    submittedAt: row.submitted_at,
    createdAt: row.created_at,
  }),
});
