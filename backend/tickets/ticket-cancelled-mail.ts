import { z } from 'zod';
import { REGISTRATION_STATES } from '@/contract/edition';
import { FESTIVAL_FULL_NAME, wristbands } from '@/contract/festival';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, festivalFacts, why } from '../mail/parts';

/**
 * "Your wristbands were given back": after "I can't come" on the ticket page. `after` (issue 43):
 * where registration stood once the places had gone where they go, and whether they went to
 * someone on the waiting list, so the mail never invites people to register again while the
 * edition is sold out or closed. Entries queued before it carry none: then the mail says only what
 * is true either way.
 */
export const ticketCancelledMail = defineMailKind('ticketCancelled', {
  payload: z.object({
    registrationId: z.string().min(1),
    after: z.object({ registration: z.enum(REGISTRATION_STATES), passedOn: z.boolean() }).optional(),
  }),
  load: async (db, { registrationId, after }) => ({ row: await rowById(db, 'registrations', registrationId, 'The registration'), after }),
  render: ({ row, after }, ctx) => {
    const n = row.number_of_tickets;
    const { dates } = festivalFacts(ctx.edition);
    const site = ctx.config.siteUrl;
    const next = (): string[] => {
      switch (after?.registration) {
        case 'open':
          return [
            after.passedOn ? 'Thank you for letting us know: the wristbands went to the next people on the waiting list.' : 'Thank you for letting us know: the wristbands are free again for someone else.',
            `Changed your mind? Registration is open: you can register again at ${site}/register while places last.`,
          ];
        case 'sold-out':
          return [
            after.passedOn ? 'Thank you for letting us know: the wristbands went to the next people on the waiting list.' : 'Thank you for letting us know: the wristbands are held for the waiting list.',
            `Changed your mind? The festival is fully booked, so you cannot register again now; you can join the waiting list at ${site}/register.`,
          ];
        case 'closed':
          return ['Thank you for letting us know.', 'Registration has closed, so this cannot be undone.'];
        default:
          return ['Thank you for letting us know: the wristbands go to someone else.', `Changed your mind? ${site}/register says whether you can register again.`];
      }
    };
    return acknowledgement({
      firstName: row.first_name,
      subject: `Your wristbands were given back: ticket ${row.ticket_reference}`,
      title: 'Your wristbands were given back',
      lines: [`As you asked, ticket ${row.ticket_reference} (${wristbands(n)}) for the ${FESTIVAL_FULL_NAME}, ${dates}, is cancelled: the gate will no longer accept it.`, ...next()],
      reason: why('ticketCancelled', site),
    });
  },
});
