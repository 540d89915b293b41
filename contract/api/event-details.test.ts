import { describe, expect, it } from 'vitest';
import { eventDetailsFallback } from '@/contract/fallbacks';
import { descriptionHtmlToText, descriptionTextToHtml, eventDetailInputSchema, isoToLagosLocal, lagosLocalToIso, parseEventDetailInput } from './event-details';

describe('event detail times and descriptions', () => {
  it('reads a datetime-local value as Lagos time and back', () => {
    expect(lagosLocalToIso('2026-10-24T09:00')).toBe('2026-10-24T09:00:00+01:00');
    expect(lagosLocalToIso('2026-10-24 23:30')).toBe('2026-10-24T23:30:00+01:00');
    expect(lagosLocalToIso('2026-02-30T09:00')).toBeUndefined();
    expect(lagosLocalToIso('2026-10-24T24:00')).toBeUndefined();
    expect(lagosLocalToIso('24/10/2026 09:00')).toBeUndefined();
    expect(isoToLagosLocal('2026-10-24T09:00:00+01:00')).toBe('2026-10-24T09:00');
    expect(isoToLagosLocal('2026-10-24T23:30:00Z')).toBe('2026-10-25T00:30');
  });

  it('keeps the fallback descriptions as text through the editor (entities and paragraphs)', () => {
    for (const d of eventDetailsFallback) {
      const text = descriptionHtmlToText(d.description);
      expect(text).not.toMatch(/<|&amp;/);
      expect(descriptionHtmlToText(descriptionTextToHtml(text))).toBe(text);
    }
    expect(descriptionTextToHtml('A <b>bold</b> & "quoted"\nline\n\nTwo')).toBe('<p>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;<br>line</p><p>Two</p>');
  });

  it('validates with the exact messages, end after start', () => {
    const ok = { title: 'T', startsAt: '2026-10-24T09:00', endsAt: '2026-10-24T10:00', venue: 'V', address: 'A', description: 'D' };
    expect(eventDetailInputSchema.parse(ok)).toMatchObject({ startsAt: '2026-10-24T09:00:00+01:00', description: '<p>D</p>' });
    const bad = eventDetailInputSchema.safeParse({ ...ok, endsAt: '2026-10-24T08:59' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endsAt', 'The end must be after the start']]);
    // With another field wrong too, both messages come back, in form order.
    expect(parseEventDetailInput({ ...ok, venue: '', endsAt: '2026-10-24T08:59' })).toEqual({ ok: false, errors: { endsAt: 'The end must be after the start', venue: 'Enter the venue' } });
  });
});
