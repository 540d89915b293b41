import type { MetadataRoute } from 'next';
import { GATE_WORKER_SCOPE } from '@/components/tickets/offline-cache';
import { FESTIVAL_NAME } from '@/contract/festival';
import { APP_LOOK } from '@/lib/seo/app-manifest';

/**
 * The gate's own web app manifest (issue 41), linked from /staff/check-in only (its metadata):
 * "Add to home screen" on a volunteer's phone installs the gate, which opens at the gate and stays
 * in its scope; the offline worker registered for that scope (public/ticket-sw.js) keeps the page,
 * so the installed gate opens with no signal. Icons and colours are the visitors' manifest's
 * (lib/seo/app-manifest.ts). Public and the same for everyone: it names no one.
 */
export const dynamic = 'force-static';

export function GET(): Response {
  const manifest: MetadataRoute.Manifest = {
    id: GATE_WORKER_SCOPE,
    name: `${FESTIVAL_NAME} gate`,
    short_name: 'Gate',
    description: `The ${FESTIVAL_NAME} gate check-in, with or without a connection.`,
    ...APP_LOOK,
    icons: [...APP_LOOK.icons],
    start_url: GATE_WORKER_SCOPE,
    scope: GATE_WORKER_SCOPE,
    orientation: 'portrait',
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
