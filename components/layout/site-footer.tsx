import { Link } from '@/components/ui/link';
import { getEdition } from '@/lib/edition';
import { FESTIVAL_CITY, FESTIVAL_NAME, FESTIVAL_STATE, formatFestivalDates } from '@/contract/festival';
import { NewsletterForm, type NewsletterAction } from '@/components/forms/newsletter-form';
import { Logo } from './logo';
import { HOME_LINK, PRIMARY_LINKS, SECONDARY_LINKS } from './nav-links';

/** Visitor information and the privacy notice (issue 16), on every page. */
const INFO_LINKS = [
  { href: '/visit', label: 'Plan your visit' },
  { href: '/programme', label: 'Programme' },
  { href: '/contact', label: 'Contact' },
  { href: '/privacy', label: 'Privacy notice' },
] as const;

/** Every page's footer (spec §2): navigation, the newsletter form (#newsletter, its action from the layout), copyright. */
export async function SiteFooter({ newsletterAction }: { newsletterAction: NewsletterAction }) {
  const { startDate: festivalStartDate, endDate: festivalEndDate, venue } = await getEdition();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__band" aria-hidden="true" />
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo tone="light" />
          <p className="site-footer__about">
            A festival of books, stories and the arts in {FESTIVAL_CITY}, {FESTIVAL_STATE} — the city of adire cloth
            and of writers who changed how the world reads Africa.
          </p>
          <p className="site-footer__dates">
            <strong>{formatFestivalDates(festivalStartDate, festivalEndDate)}</strong>
            <br />
            {venue}
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <h2 className="site-footer__heading">Explore</h2>
          <ul>
            {[HOME_LINK, ...PRIMARY_LINKS].map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-label="Get involved">
          <h2 className="site-footer__heading">Get involved</h2>
          <ul>
            {SECONDARY_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__newsletter">
          <NewsletterForm action={newsletterAction} />
        </div>
      </div>
      <div className="container site-footer__legal">
        <nav className="site-footer__info" aria-label="Visitor information">
          <ul>
            {INFO_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          © {year} {FESTIVAL_NAME}. All rights reserved.
        </p>
        <p>Made in Abeokuta with stories, indigo and good company.</p>
      </div>
    </footer>
  );
}
