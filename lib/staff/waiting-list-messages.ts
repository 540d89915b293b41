import { wristbands } from '@/contract/festival';
import { OFFER_HOURS, OFFER_REMINDER_HOURS, WAITING_LIST_ADMIN_MESSAGES, type OfferReason, type WaitingState } from '@/contract/api/waiting-list';

/** The staff waiting-list page's words (issue 43), in one place. */
export const WAITING_LIST_TEXT = {
  title: 'Waiting list',
  intro: `People who asked for wristbands while the festival was fully booked, in the order they joined. When wristbands come back they are offered to the first person whose request fits, by mail, held for ${OFFER_HOURS} hours; a reminder goes ${OFFER_REMINDER_HOURS} hours before an offer lapses, and a note when it has. When registration closes, those still waiting are told once.`,
  adminHint: 'Admins can offer places by hand to a chosen person (only as many as are free) and withdraw an open offer; the places of a withdrawn offer go to the next person in line. Both are in the audit log.',
  staffHint: 'Only admins can make or withdraw offers: they decide who gets the festival’s places.',
  dashboardLink: 'See the waiting list',
  empty: 'Nobody is on the waiting list for this edition.',
  unavailable: 'The waiting list is kept by the built-in backend: with another backend (API_BASE_URL) it is not shown here.',
  free: (free: number | null, capacity: number | null) =>
    capacity === null || free === null ? 'No limit on wristbands: nobody needs to wait.' : `${free} of ${capacity} wristbands free now (registered and held by open offers taken off).`,
  closed: 'Registration is not open: no offers are made until it is.',
  offer: (n: number) => `Offer ${wristbands(n)}`,
  withdraw: 'Withdraw offer',
  export: 'Download the waiting list (CSV)',
  head: ['#', 'Name', 'Wristbands', 'Joined', 'Offers', 'State'] as const,
  actionHead: 'Action',
  done: {
    offered: 'Offer made: the wristbands are held and the offer mail is on its way.',
    withdrawn: 'Offer withdrawn: the person has been told, and the wristbands went back to the waiting list.',
  },
  refused: {
    'not-free': 'Not enough wristbands are free for that offer. Withdraw an open offer or raise the capacity first.',
    'not-offerable': WAITING_LIST_ADMIN_MESSAGES.notOfferable,
    'not-open': WAITING_LIST_ADMIN_MESSAGES.registrationNotOpen,
    'other-entry': WAITING_LIST_ADMIN_MESSAGES.otherEntryOpen,
    'not-offered': WAITING_LIST_ADMIN_MESSAGES.notOffered,
    'not-found': WAITING_LIST_ADMIN_MESSAGES.notFound,
    failed: 'That did not work. Please try again.',
  },
} as const;

export type WaitingListDone = keyof typeof WAITING_LIST_TEXT.done;
export type WaitingListRefused = keyof typeof WAITING_LIST_TEXT.refused;

const REASON_WORDS: Record<OfferReason, string> = { 'given-back': 'places given back', capacity: 'more places opened', staff: 'by hand' };

/** An entry's state in words, with its offer's time and reason where it has one. */
export function stateWords(state: WaitingState, reason: OfferReason | null, until: string | null): string {
  switch (state) {
    case 'waiting':
      return 'Waiting';
    case 'offered':
      return `Offer open${until ? ` until ${until}` : ''}${reason ? ` (${REASON_WORDS[reason]})` : ''}`;
    case 'registered':
      return 'Registered from an offer';
    case 'lapsed':
      return 'Offer lapsed';
    case 'withdrawn':
      return 'Offer withdrawn';
  }
}
