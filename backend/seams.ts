import type { CampaignAudience } from './campaigns/audience';
import { inboxCounts } from './inbox/queries';
import type { DashboardSources } from './kernel/seams';
import { PACED_MAIL_KINDS, TICKET_HOLDER_MAIL } from './mail-kinds';
import { newsletterAudience } from './newsletter/campaigns/audience';
import { ticketHolderAudience } from './tickets/announcements';
import { gateDuplicates } from './tickets/gate/pack';
import { checkInCounts } from './tickets/queries';
import { registrationSeam } from './tickets/seam';
import { waitingListCounts } from './waiting-list/queries';
import { waitingListSeam } from './waiting-list/seam';

/**
 * The composition root's side of the seams kernel/seams.ts declares: what each feature offers,
 * given by app.ts to the features that need it (a feature never imports another).
 */
const ticketHolders = ticketHolderAudience(TICKET_HOLDER_MAIL);

export const SEAMS = {
  /** Who campaigns go to (backend/campaigns/audience.ts): the newsletter's subscribers, the edition's ticket holders. */
  audiences: { newsletter: newsletterAudience, ticketHolders } satisfies Record<string, CampaignAudience>,
  registrations: registrationSeam,
  waitingList: waitingListSeam,
  dashboard: { checkInCounts, waitingListCounts, gateDuplicates, inboxCounts, pacedMailKinds: PACED_MAIL_KINDS } satisfies DashboardSources,
};
