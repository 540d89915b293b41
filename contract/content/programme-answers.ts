import { FESTIVAL_ADDRESS } from '../fallbacks/event-details';
import { renderReportMarkdown } from '../html/markdown';
import { sessionSubtitle } from '../edition-copy';
import type { EventDetail, Program } from './schemas';
import type { ProgrammeSession } from './programme';

/**
 * The spec's programme answers made from the programme's entries (issue 40 part 3): GET
 * /api/content/programs/ (the home page's list) and the sessions' part of GET
 * /api/content/event-details/. Pure, so the built-in backend and a page's fallback make the same.
 */

/** An image every site has (public/images/content/): a session's picture when it names none. */
export const SESSION_DEFAULT_IMAGE = '/images/content/event-annual-festival.webp';

/** A session's small square picture: its own, else its first speaker's photo, else its image, else the default. */
export function sessionAvatar(session: Pick<ProgrammeSession, 'avatar' | 'speakers' | 'image'>): string {
  return session.avatar ?? session.speakers.find((s) => s.photo)?.photo ?? session.image ?? SESSION_DEFAULT_IMAGE;
}

/** The edition's sessions (joinProgramme's, already ordered by start) as the spec's programme rows. */
export function programsOf(sessions: readonly ProgrammeSession[], editionKey: string): Program[] {
  return sessions
    .filter((s) => s.edition === editionKey)
    .map((s) => ({ id: s.slug, leftLabel: s.category, title: s.title, subtitle: sessionSubtitle(s.startsAt), avatar: sessionAvatar(s), slug: s.slug }));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A session's detail (kind 'program'): its venue's name and room, its address, its description as sanitised HTML. */
export function sessionDetail(session: ProgrammeSession): EventDetail {
  return {
    slug: session.slug,
    title: session.title,
    kind: 'program',
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    venue: session.room ? `${session.venue.name}, ${session.room}` : session.venue.name,
    address: session.venue.address ?? FESTIVAL_ADDRESS,
    // A description that sanitises to nothing (only a <script>, say) still leaves the page a paragraph.
    description: renderReportMarkdown(session.description) || `<p>${escapeHtml(session.title)}</p>`,
    image: session.image ?? SESSION_DEFAULT_IMAGE,
  };
}
