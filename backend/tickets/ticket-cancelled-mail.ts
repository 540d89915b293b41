import { z } from 'zod';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, festivalFacts, why } from '../mail/parts';

/** "Your wristbands were given back": after "I can't come" on the ticket page. */
export const ticketCancelledMail = defineMailKind('ticketCancelled', {
  payload: z.object({ registrationId: z.string().min(1) }),
  load: (db, { registrationId }) => rowById(db, 'registrations', registrationId, 'The registration'),
  render: (row, ctx) => {
    const n = row.number_of_tickets;
    const { dates } = festivalFacts(ctx.edition);
    return acknowledgement({
      firstName: row.first_name,
      subject: `Your wristbands were given back: ticket ${row.ticket_reference}`,
      title: 'Your wristbands were given back',
      lines: [
        `As you asked, ticket ${row.ticket_reference} (${n} wristband${n === 1 ? '' : 's'}) for the ${FESTIVAL_FULL_NAME}, ${dates}, is cancelled: the gate will no longer accept it.`,
        'Thank you for letting us know: the wristbands go to the next people on the waiting list.',
        `Changed your mind? If registration is open, you can register again at ${ctx.config.siteUrl}/register.`,
      ],
      reason: why('ticketCancelled', ctx.config.siteUrl),
    });
  },
});
