import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <div className="container page-state">
      <div className="page-state__panel">
        <p className="eyebrow">404</p>
        <h1>This page has wandered off</h1>
        <p>The page you asked for is not here. It may have moved, or the link may be mistyped.</p>
        <div className="page-state__actions">
          <ButtonLink href="/">Go to the home page</ButtonLink>
          <ButtonLink href="/highlights" variant="outline">
            Read the highlights
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
