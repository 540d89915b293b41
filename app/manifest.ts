import type { MetadataRoute } from 'next';
import { SAVED_TICKETS_PATH, TICKET_WORKER_SCOPE } from '@/components/tickets/offline-cache';
import { FESTIVAL_CITY, FESTIVAL_FULL_NAME, FESTIVAL_NAME } from '@/contract/festival';

/**
 * The web app manifest (Next's file convention: /manifest.webmanifest, linked from every page).
 * "Add to home screen" installs the visitor's tickets: it opens "Tickets on this phone", which the
 * ticket worker keeps (public/ticket-sw.js), so the installed app opens with no signal. Its scope is
 * the worker's: the rest of the site opens in the browser as usual. Colours: app/globals.css
 * (--color-paper, --color-indigo-800, the theme colour of app/layout.tsx). Icons: app/icon.svg,
 * drawn at 192 and 512 px, and a maskable one with the mark inside the safe zone.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: SAVED_TICKETS_PATH,
    name: FESTIVAL_FULL_NAME,
    short_name: FESTIVAL_NAME,
    description: `Your tickets for ${FESTIVAL_FULL_NAME} in ${FESTIVAL_CITY}, on this phone, with or without a connection.`,
    lang: 'en-NG',
    start_url: SAVED_TICKETS_PATH,
    scope: TICKET_WORKER_SCOPE,
    display: 'standalone',
    background_color: '#fbf3e4',
    theme_color: '#1d2a6b',
    icons: [
      { src: '/images/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/images/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/images/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
