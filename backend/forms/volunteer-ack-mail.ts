import { z } from 'zod';
import { defineMailKind, rowById } from '../mail/kind';
import { acknowledgement, why } from '../mail/parts';

/** "We received your volunteer application". */
export const volunteerAckMail = defineMailKind('volunteerAck', {
  payload: z.object({ volunteerId: z.string().min(1) }),
  load: (db, { volunteerId }) => rowById(db, 'volunteer_applications', volunteerId, 'The volunteer application'),
  render: (row, ctx) =>
    acknowledgement({
      firstName: row.first_name,
      subject: 'We received your volunteer application',
      title: 'Thank you for volunteering',
      lines: [
        'Thank you for offering to volunteer at the festival. Your application has reached the volunteer coordinators.',
        'They will be in touch about roles and a briefing before the festival.',
      ],
      reason: why('volunteer', ctx.config.siteUrl),
    }),
});
