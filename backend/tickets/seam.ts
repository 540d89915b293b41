import type { RegistrationSeam } from '../kernel/seams';
import { enqueue } from '../outbox/queue';
import { ticketPath } from './links';
import { registrationMail } from './registration-mail';
import { AlreadyRegisteredError, createRegistration } from './registrations';

/** What the tickets offer other features (kernel/seams.ts RegistrationSeam), passed in by app.ts. */
export const registrationSeam: RegistrationSeam = {
  create: createRegistration,
  async queueTicketMail(trx, row) {
    await enqueue(trx, registrationMail.entry(row.email, { registrationId: row.id }));
  },
  ticketPath,
  isAlreadyRegistered: (error) => error instanceof AlreadyRegisteredError,
};
