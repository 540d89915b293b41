import { z } from 'zod';
import { defineMailKind, rowById } from '../mail/kind';
import { gatePassContext, ticketMail } from './ticket-mail';

/** The ticket, on registering. */
export const registrationMail = defineMailKind('registration', {
  payload: z.object({ registrationId: z.string().min(1) }),
  load: (db, { registrationId }) => rowById(db, 'registrations', registrationId, 'The registration'),
  extend: gatePassContext,
  render: (row, ctx) => ticketMail(ctx, [row], false),
});
