import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { NotFoundBody } from '@/components/not-found/not-found-body';
import { NOT_FOUND_TITLES, type MissingKind } from '@/lib/not-found/headings';
import { isMissingKind, MISSING_VIEW_HEADER } from '@/lib/not-found/missing-view';

/**
 * The root 404: any URL no route serves, rendered whole on the server. proxy.ts also sends missing
 * reports, events and ticket links here (a rewrite), naming the view in MISSING_VIEW_HEADER.
 */
async function missingKind(): Promise<MissingKind> {
  const kind = (await headers()).get(MISSING_VIEW_HEADER);
  return isMissingKind(kind) ? kind : 'page';
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: NOT_FOUND_TITLES[await missingKind()] }, robots: { index: false } };
}

export default async function NotFound() {
  return <NotFoundBody kind={await missingKind()} />;
}
