import { inboxCounts } from './inbox/queries';
import type { DashboardSources } from './kernel/seams';
import { PACED_MAIL_KINDS } from './mail-kinds';
import { gateDuplicates } from './tickets/gate/pack';
import { checkInCounts } from './tickets/queries';
import { registrationSeam } from './tickets/seam';
import { waitingListCounts } from './waiting-list/queries';
import { waitingListSeam } from './waiting-list/seam';

/**
 * The composition root's side of the seams kernel/seams.ts declares: what each feature offers,
 * given by app.ts to the features that need it (a feature never imports another).
 */
export const SEAMS = {
  registrations: registrationSeam,
  waitingList: waitingListSeam,
  dashboard: { checkInCounts, waitingListCounts, gateDuplicates, inboxCounts, pacedMailKinds: PACED_MAIL_KINDS } satisfies DashboardSources,
};
