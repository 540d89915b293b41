import { wristbands } from '@/contract/festival';
import { z } from 'zod';
import { defineMailKind, gone } from '../mail/kind';
import { acknowledgement, festivalFacts, why } from '../mail/parts';

/** "You are on the waiting list". */
export const waitingListJoinedMail = defineMailKind('waitingListJoined', {
  payload: z.object({ entryId: z.string().min(1) }),
  async load(db, { entryId }) {
    const row = await db.selectFrom('waiting_list').selectAll().where('id', '=', entryId).executeTakeFirst();
    if (!row) throw gone('The waiting-list entry');
    return row;
  },
  render: (row, ctx) => {
    const n = row.number_of_tickets;
    const { name } = festivalFacts(ctx.edition);
    return acknowledgement({
      firstName: row.name,
      subject: `You are on the waiting list: ${name}`,
      title: 'You are on the waiting list',
      lines: [
        `All wristbands for ${name} are taken, and you are on the waiting list for ${wristbands(n)}.`,
        'When wristbands are given back, we email the people on the list in the order they joined, each with a personal link that holds the places for 48 hours. Nothing else to do until then.',
      ],
      reason: why('waitingList', ctx.config.siteUrl),
    });
  },
});
