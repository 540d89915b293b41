import type { StaffUser } from './session';

/**
 * The staff area's sections. Publishing (reports, events) edits the built-in backend's content, so
 * with API_BASE_URL set (content lives in the festival's own backend) those sections are hidden and
 * the dashboard says why. Admin sections are shown to admins only; their pages check it again.
 */
export interface StaffSection {
  href: string;
  label: string;
  adminOnly?: boolean;
  publishing?: boolean;
}

const STAFF_SECTIONS: readonly StaffSection[] = [
  { href: '/staff', label: 'Dashboard' },
  { href: '/staff/check-in', label: 'Gate check-in' },
  // The inbox keeps its statuses, notes and replies in the built-in backend (issue 31).
  { href: '/staff/inbox', label: 'Inbox', publishing: true },
  { href: '/staff/reports', label: 'Reports', publishing: true },
  { href: '/staff/events', label: 'Events & programme', publishing: true },
  { href: '/staff/newsletter', label: 'Newsletter', adminOnly: true, publishing: true },
  { href: '/staff/edition', label: 'Edition', adminOnly: true },
  { href: '/staff/accounts', label: 'Accounts', adminOnly: true },
  { href: '/staff/audit', label: 'Audit log', adminOnly: true },
];

export function visibleSections(user: StaffUser, publishingEnabled: boolean): StaffSection[] {
  return STAFF_SECTIONS.filter((s) => (!s.adminOnly || user.role === 'admin') && (!s.publishing || publishingEnabled));
}
