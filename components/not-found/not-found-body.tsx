import { ReportNotFound } from '@/components/highlights/report-not-found';
import { ButtonLink } from '@/components/ui/button';
import { HIGHLIGHT_NOT_FOUND } from '@/lib/content';
import { NOT_FOUND_HEADINGS } from '@/lib/not-found';

/** What a 404 is about: a report, an event, or any other page. */
export type MissingKind = 'report' | 'event' | 'page';

/** The body of every 404: 'Report Not Found' (spec §2), 'Event not found', or a page that is not here. */
export function NotFoundBody({ kind }: { kind: MissingKind }) {
  if (kind === 'report') {
    return <ReportNotFound message={`${HIGHLIGHT_NOT_FOUND}. It may have moved, or the link may be mistyped.`} />;
  }
  const isEvent = kind === 'event';
  return (
    <div className="container page-state">
      <div className="page-state__panel">
        <p className="eyebrow">404</p>
        <h1>{isEvent ? NOT_FOUND_HEADINGS.event : NOT_FOUND_HEADINGS.page}</h1>
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
