import { editionName, formatInstant, lagosDate, type EditionStatus, type Phase } from './edition';

/**
 * What the public pages say and offer in each phase of the edition (issue 28): the home hero, the
 * home page's edition section (#register), the header's button and the programme's "Today". The
 * exact strings live here, once; the choice is a pure function of the edition's status, so it is
 * unit-tested phase by phase (contract/edition-text.test.ts) and the pages only render it.
 */
export const EDITION_TEXT = {
  register: 'Register',
  opensOn: (opensAt: string) => `Registration opens on ${formatInstant(opensAt)} (Lagos time).`,
  reminder: 'Get a reminder: newsletter',
  soldOut: 'All wristbands have been claimed.',
  joinWaitingList: 'Join the waiting list',
  closed: 'Registration has closed.',
  live: 'The festival is on today.',
  todaysProgramme: 'Today’s programme',
  programme: 'The programme',
  visit: 'Plan your visit',
  after: (name: string) => `${name} has ended. Thank you to everyone who came!`,
  highlights: 'Read the highlights',
  nextYear: 'Next year’s dates: newsletter',
  /** The header's button while the edition is sold out (it leads to the waiting list on /register). */
  headerWaitingList: 'Waiting list',
  /** The header's button on the festival days when registration is over. */
  headerProgramme: 'Programme',
  /** The programme's mark on the current day while the festival is on. */
  today: 'Today',
  /** The programme's marks while the festival is on (issue 41): the session on now, and the next to start. */
  sessionNow: 'Now',
  sessionNext: 'Next',
  /** The edition section's line on registration, while it is (or will be) offered. */
  free: (hours: number) => `Registration is free. One wristband opens every reading, exhibition, screening and concert for the full ${hours} hours.`,
} as const;

/** Where the waiting list lives: /register shows its form while sold out. */
export const WAITING_LIST_PATH = '/register';
export const NEWSLETTER_ANCHOR = '#newsletter';

export type EditionActionKind = 'register' | 'waiting-list' | 'programme' | 'visit' | 'highlights' | 'newsletter';

export interface EditionAction {
  kind: EditionActionKind;
  href: string;
  label: string;
}

export interface EditionCallToAction {
  phase: Phase;
  /** One line on where the edition stands; none while registration is simply open. */
  message?: string;
  /** The links to offer, the main one first. */
  actions: EditionAction[];
  /** Whether one of the actions offers registration (the form or the waiting list). */
  offersRegistration: boolean;
  /** Whether registration is, or is still to be, offered (the "Registration is free" line). */
  registrationAhead: boolean;
}

export interface CallToActionOptions {
  /** Where Register leads: /register, or the external form (REGISTRATION_FORM_URL). */
  registrationUrl: string;
  /** The Register button's label (the hero's is content: ctaText). */
  registerLabel?: string;
}

/** The registration action the status allows now, if any: the form while open, the waiting list while sold out. */
export function registrationAction(status: EditionStatus, { registrationUrl, registerLabel = EDITION_TEXT.register }: CallToActionOptions): EditionAction | undefined {
  if (status.registration === 'open') return { kind: 'register', href: registrationUrl, label: registerLabel };
  if (status.registration === 'sold-out' && status.waitingList) return { kind: 'waiting-list', href: WAITING_LIST_PATH, label: EDITION_TEXT.joinWaitingList };
  return undefined;
}

/**
 * The home page's message and links for the edition's phase:
 * announced: when registration opens, and a reminder by newsletter; open: Register;
 * sold out: all claimed, and the waiting list; closed: closed, and the programme and the visit;
 * live: the festival is on, today's programme first, registration only while it is still possible;
 * after: it has ended, thank you, the highlights and the newsletter for next year's dates.
 */
export function editionCallToAction(status: EditionStatus, options: CallToActionOptions): EditionCallToAction {
  const register = registrationAction(status, options);
  const result = (message: string | undefined, actions: EditionAction[]): EditionCallToAction => {
    const offersRegistration = actions.some((a) => a.kind === 'register' || a.kind === 'waiting-list');
    return {
      phase: status.phase,
      ...(message ? { message } : {}),
      actions,
      offersRegistration,
      registrationAhead: offersRegistration || status.phase === 'announced',
    };
  };
  const programme = (label: string): EditionAction => ({ kind: 'programme', href: '/programme', label });
  switch (status.phase) {
    case 'announced':
      return result(status.edition.registrationOpensAt ? EDITION_TEXT.opensOn(status.edition.registrationOpensAt) : undefined, [
        { kind: 'newsletter', href: NEWSLETTER_ANCHOR, label: EDITION_TEXT.reminder },
      ]);
    case 'open':
      return result(undefined, register ? [register] : []);
    case 'sold-out':
      return result(EDITION_TEXT.soldOut, register ? [register] : []);
    case 'closed':
      return result(EDITION_TEXT.closed, [programme(EDITION_TEXT.programme), { kind: 'visit', href: '/visit', label: EDITION_TEXT.visit }]);
    case 'live':
      return result(EDITION_TEXT.live, [programme(EDITION_TEXT.todaysProgramme), ...(register ? [register] : [])]);
    case 'after':
      return result(EDITION_TEXT.after(editionName(status.edition)), [
        { kind: 'highlights', href: '/highlights', label: EDITION_TEXT.highlights },
        { kind: 'newsletter', href: NEWSLETTER_ANCHOR, label: EDITION_TEXT.nextYear },
      ]);
  }
}

export interface HeaderAction {
  /** Desktop: the form itself (or the external form), the waiting list, or the programme. */
  href: string;
  /** The compact phone button: /register while registration is offered (issue 43: not the long home page's #register). */
  compactHref: string;
  label: string;
}

/**
 * The header's button: Register while registration is open (the external form when configured);
 * "Waiting list" while sold out with a waiting list (a "Register" button would promise a wristband
 * there is not; the list is on /register); on the festival days with registration over, the
 * programme; otherwise none (announced, closed, after: nothing to register for).
 */
export function headerAction(status: EditionStatus, registrationUrl: string): HeaderAction | undefined {
  const register = registrationAction(status, { registrationUrl });
  if (register?.kind === 'register') return { href: register.href, compactHref: '/register', label: EDITION_TEXT.register };
  if (register?.kind === 'waiting-list') return { href: register.href, compactHref: '/register', label: EDITION_TEXT.headerWaitingList };
  if (status.phase === 'live') return { href: '/programme', compactHref: '/programme', label: EDITION_TEXT.headerProgramme };
  return undefined;
}

/** The Lagos day the status was computed on, while the festival is on (else undefined): the programme's "Today". */
export function festivalToday(status: Pick<EditionStatus, 'phase' | 'now'>): string | undefined {
  return status.phase === 'live' ? lagosDate(new Date(status.now)) : undefined;
}

/** The edition's clock while the festival is on (else undefined): the programme's "Now" and "Next" (issue 41). */
export function festivalNow(status: Pick<EditionStatus, 'phase' | 'now'>): Date | undefined {
  return status.phase === 'live' ? new Date(status.now) : undefined;
}
