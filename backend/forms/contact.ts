import { contactPayloadSchema, type ContactPayload } from '@/contract/api/forms';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';
import { storedForm } from './stored-form';

/** POST /api/forms/contact (issue 16): a message to the festival, for the staff inbox; no acknowledgement. */

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

export const contactForm = storedForm({
  path: '/contact',
  table: 'contact_messages',
  schema: contactPayloadSchema,
  idField: 'contactId',
  message: 'Thank you for your message. We will reply by email.',
  insert: createContactMessage,
  data: (row) => ({
    id: row.id,
    topic: row.topic,
    submittedAt: row.submitted_at,
    createdAt: row.created_at,
  }),
});
