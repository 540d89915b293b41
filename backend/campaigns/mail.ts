import { renderReportMarkdown } from '@/contract/html/markdown';
import { absoluteUrl, markdownToText } from '@/contract/html/markdown-text';
import type { Db } from '../db/schema';
import { gone } from '../mail/kind';

/** What marks a test send in its subject. */
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** Relative addresses in the rendered body (this site's images, its pages) as absolute ones: a mail has no base. */
function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:src|href)=")([^"]*)"/g, (_, start: string, url: string) => `${start}${absoluteUrl(url, siteUrl)}"`);
}

/**
 * A campaign's Markdown for a mail, whatever its audience: through the reports' renderer and
 * allow-list for the HTML part (links made absolute), and as text for the plain part.
 */
export function campaignBody(body: string, siteUrl: string): { text: string; html: string } {
  return { text: markdownToText(body, siteUrl), html: absoluteLinks(renderReportMarkdown(body), siteUrl) };
}

/** The campaign as stored at delivery (a mail kind's `load`), or the outbox's permanent failure when it is gone. */
export async function campaignAtDelivery(db: Db, id: string) {
  const campaign = await db.selectFrom('newsletter_campaigns').select(['subject', 'body', 'purpose', 'audience_key']).where('id', '=', id).executeTakeFirst();
  if (!campaign) throw gone('The campaign');
  return campaign;
}

/** The subject, marked when it is a test. */
export const campaignSubject = (subject: string, test: boolean) => `${test ? TEST_SUBJECT_PREFIX : ''}${subject}`;
