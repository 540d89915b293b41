import { timingSafeEqual } from 'node:crypto';
import { getConfig } from '@/lib/config';
import { drainOutboxes } from '@/lib/backend';

/**
 * GET /api/cron/outbox: delivers what the outbox holds that is due — the built-in backend's mail
 * (followed by its media sweep: images nothing has used for a day) and the site's relayed sign-ups. Vercel Cron calls it (vercel.json) with
 * `Authorization: Bearer $CRON_SECRET`; on one server a system cron may call it the same way.
 * Unset CRON_SECRET: the route does not exist (404). Safe to call any number of times at once:
 * every entry is claimed under a lease before it is delivered.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

function authorised(header: string | null, secret: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function GET(request: Request): Promise<Response> {
  const { cronSecret } = getConfig();
  if (!cronSecret) return Response.json({ success: false, message: 'Not found.' }, { status: 404 });
  if (!authorised(request.headers.get('authorization'), cronSecret)) {
    return Response.json({ success: false, message: 'Unauthorized.' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  const { mail, relay } = await drainOutboxes();
  return Response.json({ success: true, mail, relay }, { headers: { 'Cache-Control': 'no-store' } });
}
