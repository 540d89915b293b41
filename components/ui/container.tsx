import type { ReactNode } from 'react';

/** Centres content with the site's gutters and maximum width. */
export function Container({
  children,
  className,
  width = 'wide',
}: {
  children: ReactNode;
  className?: string;
  width?: 'wide' | 'narrow';
}) {
  return <div className={['container', width === 'narrow' ? 'container--narrow' : '', className].filter(Boolean).join(' ')}>{children}</div>;
}
