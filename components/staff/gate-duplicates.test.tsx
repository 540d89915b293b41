import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GateDuplicates } from './gate-duplicates';

describe('the dashboard’s duplicate check-ins', () => {
  it('is a captioned table with column and row headers; each scan is gate, staff and Lagos time', () => {
    const html = renderToStaticMarkup(
      <GateDuplicates
        duplicates={[
          {
            reference: 'ITN-7K3Q9P',
            wristbands: 2,
            checkIn: { device: 'North door', by: 'Bisi Gate', scannedAt: '2025-10-24T08:05:00.000Z' },
            duplicates: [
              { device: 'device-s', by: 'Tayo North', scannedAt: '2025-10-24T08:10:00.000Z' },
              { device: 'South door', by: 'Kemi', scannedAt: '2025-10-24T09:00:00.000Z' },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="duplicates-title">Duplicate check-ins</h2>');
    expect(html).toMatch(/<caption id="duplicates-caption">Tickets let in more than once<small/);
    expect(html.match(/<th scope="col">/g)).toHaveLength(4);
    expect(html).toMatch(/<th scope="row"[^>]*>ITN-7K3Q9P<\/th>/);
    // 08:05 UTC is 09:05 in Lagos.
    expect(html).toContain('North door · Bisi Gate · 24 Oct, 09:05');
    expect(html).toContain('device-s · Tayo North · 24 Oct, 09:10');
    expect(html).toContain('South door · Kemi · 24 Oct, 10:00');
  });
});
