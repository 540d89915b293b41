import { Link } from '@/components/ui/link';
import { getConfig } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { headerAction } from '@/contract/edition-text';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from './logo';
import { MenuCloser } from './menu-closer';
import { HOME_LINK, NEWSLETTER_LINK, PRIMARY_LINKS } from './nav-links';

const MENU_ID = 'mobile-menu';

/**
 * Desktop (≥ 1100 px): logo, the spec's links, Newsletter and Register (the external form when
 * configured). Smaller screens: logo, a compact Register to /register (issue 43) and a <details> menu that
 * works without JavaScript; MenuCloser adds closing on link choice and Escape.
 * The button follows the edition's phase (contract/edition-text.ts headerAction): Register while
 * registration is open, "Waiting list" while sold out, the programme on the festival days once
 * registration is over, none otherwise (announced, closed, after).
 */
export async function SiteHeader() {
  const { registrationUrl } = getConfig();
  const action = headerAction(await getEditionStatus(), registrationUrl);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className="desktop-nav" aria-label="Main">
          <ul className="desktop-nav__list">
            {PRIMARY_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="nav-link">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={NEWSLETTER_LINK.href} className="nav-link nav-link--newsletter">
                {NEWSLETTER_LINK.label}
              </a>
            </li>
          </ul>
          {action ? (
            <ButtonLink href={action.href} size="sm" className="desktop-nav__register">
              {action.label}
            </ButtonLink>
          ) : null}
        </nav>
        <div className="mobile-bar">
          {action ? (
            <ButtonLink href={action.compactHref} size="sm" className="mobile-bar__register">
              {action.label}
            </ButtonLink>
          ) : null}
          <details className="mobile-menu" id={MENU_ID}>
            <summary className="mobile-menu__toggle" aria-label="Menu">
              <span className="mobile-menu__icon" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="mobile-menu__label" aria-hidden="true">
                Menu
              </span>
            </summary>
            <nav className="mobile-menu__panel" aria-label="Mobile">
              <ul className="mobile-menu__list">
                {[HOME_LINK, ...PRIMARY_LINKS].map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className="mobile-menu__link">
                      {link.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <a href={NEWSLETTER_LINK.href} className="mobile-menu__link">
                    {NEWSLETTER_LINK.label}
                  </a>
                </li>
              </ul>
            </nav>
          </details>
          <MenuCloser menuId={MENU_ID} />
        </div>
      </div>
    </header>
  );
}
