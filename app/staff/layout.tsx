import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * Every page under /staff inherits `noindex, nofollow` (pages may set a title of their own). This
 * layout guards nothing: each page, route and server action checks the staff session itself,
 * built with lib/staff/action.ts (test/staff-routes.test.ts holds every one to it).
 */
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function StaffLayout({ children }: { children: ReactNode }) {
  return children;
}
