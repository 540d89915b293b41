import { z } from 'zod';
import { defineMailKind, rowById } from '../kind';
import { ticketMail } from '../ticket-mail';

/** The ticket, on registering. */
export const registrationMail = defineMailKind({
  payload: z.object({ registrationId: z.string().min(1) }),
  load: (db, { registrationId }) => rowById(db, 'registrations', registrationId, 'The registration'),
  render: (row, ctx) => ticketMail(ctx, [row], false),
});
