import { z } from 'zod';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, why } from '../mail/parts';

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
