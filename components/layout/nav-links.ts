/**
 * The site's navigation, in one place so header, mobile menu and footer never disagree.
 * Labels are the spec's exact strings (§2).
 */
export interface NavLink {
  href: string;
  label: string;
}

export const HOME_LINK: NavLink = { href: '/', label: 'Home' };

export const PRIMARY_LINKS: readonly NavLink[] = [
  { href: '/about', label: 'About' },
  { href: '/highlights', label: 'Highlights' },
  { href: '/#projects', label: 'Projects' },
  { href: '/volunteer', label: 'Volunteer' },
  { href: '/donations', label: 'Donations' },
  { href: '/partnerships', label: 'Partnerships & Collaborations' },
];

export const NEWSLETTER_LINK: NavLink = { href: '#newsletter', label: 'Newsletter' };

/** The footer's secondary list (spec §2). */
export const SECONDARY_LINKS: readonly NavLink[] = [
  { href: '/#projects', label: 'Projects' },
  { href: '/#whats-on', label: "What's on" },
  { href: '/volunteer', label: 'Volunteer' },
  { href: '/donations', label: 'Donations' },
  { href: '/partnerships', label: 'Partnerships & Collaborations' },
];
