import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * next/link without viewport prefetching. On a slow, metered connection prefetching every link in
 * view cost the home page twenty RSC requests (about 25 KB) racing its images and scripts on the
 * first load (issue 15, docs/performance.md). Pages render per request anyway, so a prefetched
 * copy saves little; navigation stays client-side. `prefetch` can still be set per link.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
