import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { CONTENT_KINDS, type ContentKind } from '@/contract/content/kinds';
import { staffRoute } from '@/lib/staff/action';

const PAGES = new Set((Object.values(CONTENT_KINDS) as ContentKind[]).map((k) => k.page as string));

/** GET /staff/preview/exit?to=<page> (issue 40): draft mode off, back to that public page (a registry page only) or the content list. */
export const GET = staffRoute<unknown>({
  role: 'staff',
  page: '/staff/content',
  async run(request) {
    (await draftMode()).disable();
    const to = new URL(request.url).searchParams.get('to');
    redirect(to && PAGES.has(to) ? to : '/staff/content');
  },
  failure: () => new Response('The preview could not be closed just now.', { status: 503, headers: { 'Cache-Control': 'no-store' } }),
});
