import { editionName } from '@/contract/edition';
import { formatFestivalDates } from '@/contract/festival';
import { MAIL_REASONS } from '@/contract/forms/form-messages';
import { escapeHtml, mailLayout, paragraph } from './html';
import type { ComposedMail, RenderContext } from './kind';

/** The foot of every mail: why it came (MAIL_REASONS), where to ask, the privacy notice. */
export function why(reason: keyof typeof MAIL_REASONS, siteUrl: string, extra?: string): { text: string; html: string } {
  const lines = [
    `${MAIL_REASONS[reason]}${extra ? ` ${extra}` : ''}`,
    `${MAIL_REASONS.questions} ${siteUrl}/contact`,
    `${MAIL_REASONS.privacy} ${siteUrl}/privacy`,
  ];
  return { text: lines.join('\n'), html: lines.map(linkify).join('<br>') };
}

/** Escapes a line and turns its https?:// addresses into links. */
function linkify(line: string): string {
  return escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function festivalFacts(edition: RenderContext['edition']) {
  return { dates: formatFestivalDates(edition.startDate, edition.endDate), venue: edition.venue, name: editionName(edition) };
}

/** A short "we received it" mail: greeting, a few lines, the foot. */
export function acknowledgement(a: { firstName: string; subject: string; title: string; lines: string[]; reason: { text: string; html: string } }): ComposedMail {
  return {
    subject: a.subject,
    text: [`Dear ${a.firstName},`, '', ...a.lines, '', a.reason.text].join('\n'),
    html: mailLayout({
      title: a.title,
      body: paragraph(`Dear ${escapeHtml(a.firstName)},`) + a.lines.map((l) => paragraph(escapeHtml(l))).join(''),
      footer: a.reason.html,
    }),
  };
}
