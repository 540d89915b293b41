import { z } from 'zod';
import { contactPayloadSchema, type ContactPayload } from '@/contract/api/forms';
import { CONTACT_REPLY_DAYS, contactDeadline } from '@/contract/business-days';
import { CONTACT_TOPICS } from '@/contract/festival';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, why } from '../mail/parts';
import { storedForm } from './stored-form';

/**
 * POST /api/forms/contact (issue 16): a message to the festival, for the staff inbox. Since issue
 * 43 it is acknowledged by mail and has the deadline /contact promises (3 Lagos working days).
 */

export async function createContactMessage(db: Db, input: ContactPayload, now: string) {
  const row = {
    id: newId(),
    name: input.name,
    email: input.email.toLowerCase(),
    topic: input.topic,
    message: input.message,
    submitted_at: input.submittedAt,
    created_at: now,
    // The inbox's deadline, fixed on arrival: the end of the third Lagos working day.
    due_at: contactDeadline(new Date(now)),
  };
  await db.insertInto('contact_messages').values(row).execute();
  return row;
}

/** The greeting's name: the first word of the one name field. */
export const contactFirstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "We received your message". */
export const contactAckMail = defineMailKind('contactAck', {
  payload: z.object({ contactId: z.string().min(1) }),
  load: (db, { contactId }) => rowById(db, 'contact_messages', contactId, 'The contact message'),
  render: (row, ctx) => {
    const topic = CONTACT_TOPICS.find((t) => t.value === row.topic)?.label;
    return acknowledgement({
      firstName: contactFirstName(row.name),
      subject: 'We received your message',
      title: 'We received your message',
      lines: [
        `Thank you for writing to the festival${topic ? ` about “${topic}”` : ''}. Your message has reached the festival team.`,
        `A member of the team will reply by email within ${CONTACT_REPLY_DAYS} business days.`,
      ],
      reason: why('contact', ctx.config.siteUrl),
    });
  },
});

export const contactForm = storedForm({
  path: '/contact',
  table: 'contact_messages',
  schema: contactPayloadSchema,
  idField: 'contactId',
  message: 'Thank you for your message. We will reply by email.',
  insert: createContactMessage,
  mail: { kind: contactAckMail, payload: (row) => ({ contactId: row.id }) },
  data: (row) => ({
    id: row.id,
    topic: row.topic,
    submittedAt: row.submitted_at,
    createdAt: row.created_at,
  }),
});
