import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { editionFrom, editionStatus } from '@/contract/edition';
import { editionCallToAction } from '@/contract/edition-text';
import { editionHeading, wristbandHours } from '@/contract/edition-copy';
import { programsFallback } from '@/contract/fallbacks';
import { EditionSection } from './edition-section';

/** #register names the edition by its number (issue 40): "inaugural" only for the first festival. */
describe('the home page’s edition section', () => {
  const render = (startDate: string, endDate: string, now: string, programs = programsFallback) => {
    const edition = editionFrom({ startDate, endDate }, new Date(now));
    const cta = editionCallToAction(editionStatus(edition, new Date(now), null, false), { registrationUrl: '/register' });
    return renderToStaticMarkup(
      <EditionSection programs={programs} dates="dates" venue={edition.venue} number={edition.number} heading={editionHeading(edition)} hours={wristbandHours(edition)} cta={cta} />,
    );
  };

  it('2025, the first festival: “The inaugural edition”', () => {
    expect(render('2025-10-24', '2025-10-25', '2025-09-01T09:00:00+01:00')).toContain('The inaugural edition');
  });

  it('2027, the third: “The third edition”, and no “inaugural” anywhere', () => {
    const html = render('2027-10-24', '2027-10-25', '2027-09-01T09:00:00+01:00');
    expect(html).toContain('The third edition');
    expect(html).not.toMatch(/inaugural/i);
  });

  it('counts the edition’s own days: two days and 48 hours, three days and 72', () => {
    const two = render('2027-10-24', '2027-10-25', '2027-09-01T09:00:00+01:00');
    expect(two).toContain('Two days. One city. Every story.');
    expect(two).toContain('for the full 48 hours');
    const three = render('2027-10-23', '2027-10-25', '2027-09-01T09:00:00+01:00');
    expect(three).toContain('Three days. One city. Every story.');
    expect(three).toContain('for the full 72 hours');
    expect(three).not.toMatch(/two days/i);
  });

  it('lists five sessions and links to the whole programme when there are more', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...programsFallback[0]!, id: String(i), slug: `session-${i}`, title: `Session ${i}` }));
    const html = render('2027-10-24', '2027-10-25', '2027-09-01T09:00:00+01:00', many);
    expect(html.match(/href="\/events\/session-/g)).toHaveLength(5);
    expect(html).toContain('All 12 sessions in the programme');
    expect(render('2027-10-24', '2027-10-25', '2027-09-01T09:00:00+01:00')).not.toContain('sessions in the programme');
  });
});
