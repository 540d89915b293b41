import type { Metadata } from 'next';
import { ProgrammePageBody } from '@/components/programme/programme-page';
import { getEdition } from '@/lib/edition';
import { filterFromSearch } from '@/lib/content/programme-list';
import { FESTIVAL_NAME, formatFestivalDates } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata(): Promise<Metadata> {
  const { startDate: festivalStartDate, endDate: festivalEndDate } = await getEdition();
  return pageMetadata({
    title: 'Programme',
    description: `Every session of ${FESTIVAL_NAME}, ${formatFestivalDates(festivalStartDate, festivalEndDate)}, by day and time (Lagos time), with rooms and calendar files.`,
    path: '/programme',
  });
}

/**
 * /programme (issue 16, issue 40 part 3): the current edition's sessions by day and time, filtered
 * by ?day=YYYY-MM-DD, ?category= and ?venue= (plain links: no JavaScript needed). An unknown value
 * shows "No sessions match" with a link back, never a 404. See components/programme/programme-page.tsx.
 */
export default async function ProgrammePage({ searchParams }: PageProps<'/programme'>) {
  const [edition, search] = await Promise.all([getEdition(), searchParams]);
  return <ProgrammePageBody edition={edition.key} filter={filterFromSearch(search)} />;
}
