import { sql } from 'kysely';
import { z } from 'zod';
import { defineMailKind, gone } from '../mail/kind';
import { gatePassContext, ticketMail } from './ticket-mail';

/** Every ticket of the address, again (the entry carries no ids: the address is the key). */
export const ticketResendMail = defineMailKind('ticketResend', {
  payload: z.object({}),
  async load(db, _payload, recipient) {
    // By the canonical address, so registrations stored before addresses were canonical are sent too.
    const rows = await db.selectFrom('registrations').selectAll().where(sql<string>`lower(trim(email))`, '=', recipient).orderBy('created_at').execute();
    if (rows.length === 0) throw gone('Every registration of this address');
    return rows;
  },
  extend: gatePassContext,
  render: (rows, ctx) => ticketMail(ctx, rows, true),
});
