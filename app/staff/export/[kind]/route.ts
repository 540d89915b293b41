import { notFound } from 'next/navigation';
import { call, isApiError } from '@/lib/backend';
import { EXPORT_LABELS, STAFF_TEXT } from '@/lib/staff/messages';
import { staffRoute } from '@/lib/staff/action';
import { requestLogger } from '@/lib/log';

/**
 * GET /staff/export/<kind>: the backend's CSV export for a signed-in staff member. The browser
 * holds the session cookie, not a bearer token, so the site asks the API with the session's token
 * and hands the file on. The builder checks the session here (a route handler is its own
 * endpoint); no session goes to the login. Only admins may download (issue 32): the backend
 * answers 403 to anyone else, said here in words; the dashboard offers the links to admins only.
 * The backend records each download in the audit log.
 */
const isKind = (kind: string): kind is keyof typeof EXPORT_LABELS => Object.hasOwn(EXPORT_LABELS, kind);

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } });

type Context = { params: Promise<{ kind: string }> };

export const GET = staffRoute<Context>({
  role: 'staff',
  page: '/staff',
  async run(_request, { params }) {
    const { kind } = await params;
    if (!isKind(kind)) notFound();
    const file = await call('export', { params: { kind } });
    const date = new Date().toISOString().slice(0, 10);
    return new Response(file.text, {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="itan-${kind}-${date}.csv"`,
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
  async failure(error, { params }) {
    // Exports are for admins (the backend decides: an external one may know roles the site does not).
    if (isApiError(error) && error.status === 403) return plain(403, STAFF_TEXT.exportAdminOnly);
    if (isApiError(error) && (error.status === 404 || error.status === 405 || error.status === 501)) return plain(404, STAFF_TEXT.exportUnavailable);
    (await requestLogger('staff')).warn(`export ${(await params).kind}: ${error instanceof Error ? error.message : String(error)}`);
    return plain(502, STAFF_TEXT.exportFailed);
  },
});
