import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ProgrammePageBody } from '@/components/programme/programme-page';
import { getProgramme } from '@/lib/content';
import { filterFromSearch, filterHref } from '@/lib/content/programme-list';
import { getEdition } from '@/lib/edition';
import { FESTIVAL_NAME } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';

/** Whether an edition has published sessions (else the page is a 404; proxy.ts asks the same). */
async function hasSessions(edition: string): Promise<boolean> {
  return (await getProgramme()).sessions.some((s) => s.edition === edition);
}

export async function generateMetadata({ params }: PageProps<'/programme/[edition]'>): Promise<Metadata> {
  const { edition } = await params;
  if (!(await hasSessions(edition))) return { robots: { index: false } };
  return pageMetadata({
    title: `Programme ${edition}`,
    description: `The ${edition} programme of ${FESTIVAL_NAME}: every session by day and time (Lagos time), with venues and speakers.`,
    path: `/programme/${encodeURIComponent(edition)}`,
  });
}

/**
 * /programme/{edition} (issue 40 part 3): a past (or any) edition's programme stays readable, in the
 * same layout and with the same filters. The current edition's key leads to /programme.
 */
export default async function EditionProgrammePage({ params, searchParams }: PageProps<'/programme/[edition]'>) {
  const [{ edition }, search, current] = await Promise.all([params, searchParams, getEdition()]);
  const filter = filterFromSearch(search);
  if (edition === current.key) redirect(filterHref('/programme', filter, {}));
  if (!(await hasSessions(edition))) notFound();
  return <ProgrammePageBody edition={edition} filter={filter} />;
}
