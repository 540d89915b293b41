import type { Capabilities } from '@/lib/backend';
import type { StaffUser } from './session';

/**
 * The staff area's sections. Publishing (reports, events), the inbox and the newsletter's campaigns
 * are the built-in backend's, so where the configured backend does not offer them (capabilities)
 * those sections are hidden and the dashboard says why. Admin sections are shown to admins only;
 * their pages check it again.
 */
export interface StaffSection {
  href: string;
  label: string;
  adminOnly?: boolean;
  /** What the backend must offer for the section to be shown. */
  needs?: 'publishing' | 'inbox' | 'campaigns';
}

const STAFF_SECTIONS: readonly StaffSection[] = [
  { href: '/staff', label: 'Dashboard' },
  { href: '/staff/check-in', label: 'Gate check-in' },
  // The inbox keeps its statuses, notes and replies in the built-in backend (issue 31).
  { href: '/staff/inbox', label: 'Inbox', needs: 'inbox' },
  { href: '/staff/reports', label: 'Reports', needs: 'publishing' },
  { href: '/staff/events', label: 'Events & programme', needs: 'publishing' },
  { href: '/staff/content', label: 'Pages & lists', needs: 'publishing' },
  { href: '/staff/newsletter', label: 'Newsletter', adminOnly: true, needs: 'campaigns' },
  // Announcements, the reminder and the thank-you to ticket holders (issue 43): the campaigns' machinery.
  { href: '/staff/announcements', label: 'Announcements', adminOnly: true, needs: 'campaigns' },
  { href: '/staff/edition', label: 'Edition', adminOnly: true },
  { href: '/staff/accounts', label: 'Accounts', adminOnly: true },
  { href: '/staff/audit', label: 'Audit log', adminOnly: true },
];

export function visibleSections(user: StaffUser, offered: Pick<Capabilities, 'publishing' | 'inbox' | 'campaigns'>): StaffSection[] {
  return STAFF_SECTIONS.filter((s) => (!s.adminOnly || user.role === 'admin') && (!s.needs || offered[s.needs]));
}
