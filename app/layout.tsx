import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { displayFont, textFont } from '@/components/layout/fonts';
import { NavigationStatus } from '@/components/layout/navigation-status';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { getConfig } from '@/lib/config';
import { FESTIVAL_CITY, FESTIVAL_FULL_NAME, FESTIVAL_NAME } from '@/contract/festival';
import { isSafeRequestId, REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER } from '@/contract/http/request-id';
import { fullTitle } from '@/lib/seo/metadata';
import { subscribeNewsletter } from './newsletter/actions';
import './globals.css';

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(getConfig().siteUrl),
    // One separator for every title: the same as pageMetadata's (lib/seo/metadata.ts).
    title: { default: FESTIVAL_FULL_NAME, template: fullTitle('%s') },
    description: `${FESTIVAL_FULL_NAME}: books, stories, art, music and film in ${FESTIVAL_CITY}, Nigeria. Free to attend.`,
    applicationName: FESTIVAL_NAME,
  };
}

export const viewport: Viewport = {
  themeColor: '#1d2a6b',
  width: 'device-width',
  initialScale: 1,
};

/**
 * Every page: skip link, header, the page in <main id="main">, footer. Pages render their own
 * content only (no <main>), so landmarks are never doubled.
 *
 * Every page renders per request: that is what lets Next put the request's CSP nonce on its
 * scripts (Next's CSP guide, "Forcing dynamic rendering"). The content itself is cached
 * (lib/content), and a shared cache in front may replay a page for a few seconds (proxy.ts).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // The page view's id (proxy.ts), for the error page to show as its reference (app/error.tsx).
  const requestId = (await headers()).get(REQUEST_ID_HEADER);
  return (
    <html lang="en-NG" className={`${displayFont.variable} ${textFont.variable}`}>
      <body {...(isSafeRequestId(requestId) ? { [REQUEST_ID_ATTRIBUTE]: requestId } : {})}>
        <SkipLink />
        <SiteHeader />
        <NavigationStatus />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter newsletterAction={subscribeNewsletter} />
      </body>
    </html>
  );
}
