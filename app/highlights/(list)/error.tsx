'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { HighlightsError } from '@/components/highlights/highlights-states';
import { Container } from '@/components/ui/container';

/**
 * Last line of defence for /highlights: an exception while rendering (the page itself already
 * turns a failed load into the same message). Try Again reloads the same URL.
 */
export default function HighlightsErrorBoundary() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  return (
    <Container>
      <h1>Highlights</h1>
      <HighlightsError retryHref={query ? `${pathname}?${query}` : pathname} />
    </Container>
  );
}
