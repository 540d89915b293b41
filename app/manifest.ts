import type { MetadataRoute } from 'next';
import { SAVED_TICKETS_PATH, TICKET_WORKER_SCOPE } from '@/components/tickets/offline-cache';
import { FESTIVAL_CITY, FESTIVAL_FULL_NAME, FESTIVAL_NAME } from '@/contract/festival';
import { APP_LOOK } from '@/lib/seo/app-manifest';

/**
 * The web app manifest (Next's file convention: /manifest.webmanifest, linked from every page).
 * "Add to home screen" installs the visitor's tickets: it opens "Tickets on this phone", which the
 * ticket worker keeps (public/ticket-sw.js), so the installed app opens with no signal. Its scope is
 * the worker's: the rest of the site opens in the browser as usual. Its look (colours, icons):
 * lib/seo/app-manifest.ts, shared with the gate's manifest.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: SAVED_TICKETS_PATH,
    name: FESTIVAL_FULL_NAME,
    short_name: FESTIVAL_NAME,
    description: `Your tickets for ${FESTIVAL_FULL_NAME} in ${FESTIVAL_CITY}, on this phone, with or without a connection.`,
    ...APP_LOOK,
    icons: [...APP_LOOK.icons],
    start_url: SAVED_TICKETS_PATH,
    scope: TICKET_WORKER_SCOPE,
  };
}
