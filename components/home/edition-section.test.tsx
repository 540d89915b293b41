import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { editionFrom, editionStatus } from '@/contract/edition';
import { editionCallToAction } from '@/contract/edition-text';
import { programsFallback } from '@/contract/fallbacks';
import { EditionSection } from './edition-section';

/** #register names the edition by its number (issue 40): "inaugural" only for the first festival. */
describe('the home page’s edition section', () => {
  const render = (startDate: string, endDate: string, now: string) => {
    const edition = editionFrom({ startDate, endDate }, new Date(now));
    const cta = editionCallToAction(editionStatus(edition, new Date(now), null, false), { registrationUrl: '/register' });
    return renderToStaticMarkup(<EditionSection programs={programsFallback} dates="dates" venue={edition.venue} number={edition.number} cta={cta} />);
  };

  it('2025, the first festival: “The inaugural edition”', () => {
    expect(render('2025-10-24', '2025-10-25', '2025-09-01T09:00:00+01:00')).toContain('The inaugural edition');
  });

  it('2027, the third: “The third edition”, and no “inaugural” anywhere', () => {
    const html = render('2027-10-24', '2027-10-25', '2027-09-01T09:00:00+01:00');
    expect(html).toContain('The third edition');
    expect(html).not.toMatch(/inaugural/i);
  });
});
