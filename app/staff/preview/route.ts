import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { contentKind } from '@/contract/content/kinds';
import { staffRoute } from '@/lib/staff/action';

/**
 * GET /staff/preview?kind=<key> (issue 40): turns on Next's draft mode for this browser and opens
 * the kind's public page, which then shows every entry's draft (lib/content isPreviewing: draft
 * mode and a staff session both). Only a registry page is opened, never an address from the query.
 * A request with the draft cookie is never kept by a shared cache (it has a cookie).
 */
export const GET = staffRoute<unknown>({
  role: 'staff',
  page: '/staff/content',
  async run(request) {
    const kind = contentKind(new URL(request.url).searchParams.get('kind'));
    if (!kind) redirect('/staff/content');
    (await draftMode()).enable();
    redirect(kind.page);
  },
  failure: () => new Response('The preview could not be opened just now.', { status: 503, headers: { 'Cache-Control': 'no-store' } }),
});
