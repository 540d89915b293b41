import { ReportNotFound } from '@/components/highlights/report-not-found';
import { ButtonLink } from '@/components/ui/button';
import { HIGHLIGHT_NOT_FOUND } from '@/lib/content';
import { NOT_FOUND_HEADINGS, type MissingKind } from '@/lib/not-found/headings';

export type { MissingKind };

const VIEWS = {
  event: {
    text: 'We could not find that event. It may have moved, or the link may be mistyped.',
    second: { href: '/#whats-on', label: "See what's on" },
  },
  ticket: {
    text: 'This ticket link does not open a ticket. Use the link in your confirmation email exactly as it came, or ask for your ticket again.',
    second: { href: '/tickets/resend', label: 'Send my ticket again' },
  },
  page: {
    text: 'The page you asked for is not here. It may have moved, or the link may be mistyped.',
    second: { href: '/highlights', label: 'Read the highlights' },
  },
} as const;

/** The body of every 404: 'Report Not Found' (spec §2), an event's, a ticket link's, or a page that is not here. */
export function NotFoundBody({ kind }: { kind: MissingKind }) {
  if (kind === 'report') {
    return <ReportNotFound message={`${HIGHLIGHT_NOT_FOUND}. It may have moved, or the link may be mistyped.`} />;
  }
  const view = VIEWS[kind];
  return (
    <div className="container page-state">
      <div className="page-state__panel">
        <p className="eyebrow">404</p>
        <h1>{NOT_FOUND_HEADINGS[kind]}</h1>
        <p>{view.text}</p>
        <div className="page-state__actions">
          <ButtonLink href="/">Go to the home page</ButtonLink>
          <ButtonLink href={view.second.href} variant="outline">
            {view.second.label}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
