import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shiftEventDetail } from '@/contract/content/shift';
import { editionFrom, editionStatus, type EditionStatus } from '@/contract/edition';
import { eventDetailsFallback, visitFallback } from '@/contract/fallbacks';
import { NEXT_UP_TEXT } from './next-up';

/**
 * The project pages' "Next up" moves on by itself (issue 40): with the edition's clock set (as
 * FESTIVAL_NOW sets it), a date that has passed is no longer "next", and the page says that no new
 * date is announced instead. The 2027 edition's seeded book circle is Monday 27 September 2027.
 */
const E2027 = editionFrom({ startDate: '2027-10-24', endDate: '2027-10-25' }, new Date('2027-01-01T00:00:00Z'));
const details = eventDetailsFallback.map((d) => shiftEventDetail(d, E2027));
const clock = vi.hoisted(() => ({ status: undefined as EditionStatus | undefined }));

vi.mock('@/lib/edition', () => ({ getEditionStatus: async () => clock.status }));
vi.mock('@/lib/content', () => ({
  getEventDetail: async (slug: string) => details.find((d) => d.slug === slug),
  getVisit: async () => visitFallback,
}));

const { CategoryPage } = await import('./category-page');
const render = async (slug: 'bi-monthly' | 'creative-economy' | 'annual-festival') => renderToStaticMarkup(await CategoryPage({ slug }));
const setNow = (iso: string) => {
  clock.status = editionStatus(E2027, new Date(iso), null, false);
};

describe('a project page’s “Next up”', () => {
  beforeEach(() => setNow('2027-09-01T09:00:00+01:00'));

  it('names the date while it is to come', async () => {
    const html = await render('bi-monthly');
    expect(html).toContain(`${NEXT_UP_TEXT.heading}: Bi-Monthly Book Circle: Readings at the Rock`);
    expect(html).toContain('Monday 27 September 2027, 15:00–18:30');
    expect(html).not.toContain(NEXT_UP_TEXT.none);
  });

  it('drops it once it has passed, and says that no new date is announced yet', async () => {
    setNow('2027-09-27T18:30:00+01:00');
    const html = await render('bi-monthly');
    expect(html).not.toContain('27 September 2027');
    expect(html).not.toContain(`${NEXT_UP_TEXT.heading}:`);
    expect(html).toMatch(new RegExp(`<h2 id="next-heading"[^>]*>${NEXT_UP_TEXT.heading}</h2>`));
    expect(html).toContain(NEXT_UP_TEXT.none);
    expect(html).toContain('href="#newsletter"');
    // The forum, on the eve of the festival, is still next.
    expect(await render('creative-economy')).toContain('Saturday 23 October 2027, 10:00–16:00');
  });

  it('the festival page keeps its own dates, named by the edition, with its weekdays', async () => {
    const html = await render('annual-festival');
    expect(html).toContain('This year: Ìtàn Festival 2027: The Third Edition');
    expect(html).toContain('from the opening reading on Sunday morning to the last encore on Monday night');
    expect(html).not.toContain('Friday');
  });
});
