import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ReportNotFound } from '@/components/highlights/report-not-found';
import { ButtonLink } from '@/components/ui/button';
import { HIGHLIGHT_NOT_FOUND } from '@/lib/content';
import { MISSING_HEADER } from '@/lib/not-found/missing';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Every 404. proxy.ts sends missing reports and events here (with x-missing saying which) so the
 * page is rendered on the server, whole, for visitors without JavaScript and for crawlers.
 */
export default async function NotFound() {
  const kind = (await headers()).get(MISSING_HEADER);
  if (kind === 'report') {
    return <ReportNotFound message={`${HIGHLIGHT_NOT_FOUND}. It may have moved, or the link may be mistyped.`} />;
  }
  const isEvent = kind === 'event';
  return (
    <div className="container page-state">
      <div className="page-state__panel">
        <p className="eyebrow">404</p>
        <h1>{isEvent ? 'Event not found' : 'This page has wandered off'}</h1>
        <p>
          {isEvent
            ? 'We could not find that event. It may have moved, or the link may be mistyped.'
            : 'The page you asked for is not here. It may have moved, or the link may be mistyped.'}
        </p>
        <div className="page-state__actions">
          <ButtonLink href="/">Go to the home page</ButtonLink>
          <ButtonLink href={isEvent ? '/#whats-on' : '/highlights'} variant="outline">
            {isEvent ? "See what's on" : 'Read the highlights'}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
