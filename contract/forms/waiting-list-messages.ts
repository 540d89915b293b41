/**
 * The page copy of /register's phases, the waiting list, the offer page and "I can't come" on the
 * ticket page (issue 28). The backend's answers (refusals, confirmations) are in
 * contract/api/waiting-list.ts (WAITING_LIST_MESSAGES); these are the pages' own words.
 */
export const REGISTER_PAGE_TEXT = {
  /** Issue 43: the form's page says when and where (the edition's data). */
  when: (name: string, dates: string, venue: string) => `${name}: ${dates}, at ${venue}.`,
  /**
   * The spec's "Maximum {n} tickets per registration" with the real maximum: the per-registration
   * limit, or fewer when fewer wristbands are left (issue 43: never "Maximum 10" with 1 left).
   */
  maxTickets: (n: number, limit: number) =>
    n >= limit ? `Maximum ${n} tickets per registration` : `Maximum ${n} ticket${n === 1 ? '' : 's'} per registration: only ${n} wristband${n === 1 ? ' is' : 's are'} left.`,
  notYetTitle: 'Registration opens soon',
  notYetNoDate: 'Registration for this edition is not open yet.',
  soldOutTitle: 'All wristbands are taken',
  soldOutEyebrow: 'Sold out',
  waitingListIntro:
    'Every wristband for this edition has been claimed. Join the waiting list: when wristbands are given back, we email the people on the list in the order they joined, each with a personal link that holds the places for 48 hours.',
  soldOutNoList: 'Every wristband for this edition has been claimed. Wristbands that are given back become free again here.',
  waitingListSubmit: 'Join the waiting list',
  waitingListPending: 'Joining…',
  waitingListNumberLabel: 'Number of wristbands wanted',
  closedTitle: 'Registration has closed',
  reminder: 'Get the dates of the next edition by newsletter',
  joinedTitle: 'You are on the waiting list',
  joinedEyebrow: 'Waiting list',
} as const;

export const OFFER_PAGE_TEXT = {
  eyebrow: 'Waiting list',
  title: 'Wristbands are free for you',
  intro: (name: string, bands: string, until: string) => `${name}, ${bands} ${bands.startsWith('1 ') ? 'is' : 'are'} held for you until ${until}. Confirm to register: your ticket follows by email.`,
  submit: 'Confirm my registration',
  pending: 'Registering…',
  refusedTitle: 'This offer cannot be taken',
} as const;

export const GIVE_BACK_TEXT = {
  link: 'I can’t come',
  linkHint: 'Give your wristbands back so someone on the waiting list can come.',
  title: (bands: string) => `Give back your ${bands}?`,
  explain: 'Your ticket will be cancelled and the gate will no longer accept it. The wristbands go to the next people on the waiting list. This cannot be undone.',
  confirm: 'Yes, give them back',
  pending: 'Giving back…',
  back: 'No, keep my ticket',
  givenBack: (when: string) => `You gave this ticket’s wristbands back on ${when} (Lagos time). The gate will not accept it.`,
} as const;
