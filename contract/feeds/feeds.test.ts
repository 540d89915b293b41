import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeIcsText, foldLine } from './ics';
import { buildRss, rssDate } from './rss';

describe('buildRss', () => {
  const xml = buildRss({
    title: 'Reports & news',
    link: 'https://example.org/highlights',
    selfUrl: 'https://example.org/highlights/feed.xml',
    description: 'All <the> reports',
    items: [
      {
        title: 'Soyinka’s Aké & <friends>',
        link: 'https://example.org/highlights/a',
        description: 'Text with "quotes" & ampersands',
        date: '2025-07-22',
        category: 'Event Report',
        author: 'Olúwaṣeun',
        imageUrl: 'https://example.org/images/a.webp',
      },
      { title: 'Second', link: 'https://example.org/highlights/b', description: '', date: 'not a date' },
    ],
  });
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
    rss: { channel: { title: string; item: Array<Record<string, unknown>> } };
  };

  it('is well-formed RSS that round-trips the escaped text', () => {
    expect(parsed.rss.channel.title).toBe('Reports & news');
    expect(parsed.rss.channel.item).toHaveLength(2);
    const first = parsed.rss.channel.item[0]!;
    expect(first.title).toBe('Soyinka’s Aké & <friends>');
    expect(first.description).toBe('Text with "quotes" & ampersands');
    expect(first.pubDate).toBe('Tue, 22 Jul 2025 11:00:00 GMT');
    expect(first['dc:creator']).toBe('Olúwaṣeun');
    expect((first.enclosure as Record<string, string>)['@_type']).toBe('image/webp');
  });

  it('omits a pubDate it cannot read rather than inventing one', () => {
    expect(parsed.rss.channel.item[1]!.pubDate).toBeUndefined();
    expect(rssDate('2025-13-45')).toBeUndefined();
  });
});

describe('buildCalendar', () => {
  const ics = buildCalendar({
    prodId: '-//Test//EN',
    name: 'Festival',
    now: new Date('2025-01-01T00:00:00Z'),
    events: [
      {
        uid: 'festival-2025@example.org',
        summary: 'Ìtàn Festival, Abeokuta; books & art',
        description: 'Line one\nLine two, with a very long sentence that certainly needs folding because it goes on and on past seventy-five octets.',
        location: 'Centenary Hall, Ake, Abeokuta',
        url: 'https://example.org/',
        allDay: { start: '2025-10-24', end: '2025-10-25' },
      },
      {
        uid: 'reading@example.org',
        summary: 'Opening Reading',
        timed: { start: '2025-10-24T10:00:00+01:00', end: '2025-10-24T11:30:00+01:00' },
      },
    ],
  });

  it('parses with ical.js and keeps dates, text and the exclusive all-day end', () => {
    const comp = new ICAL.Component(ICAL.parse(ics));
    const events = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const [festival, reading] = events as [ICAL.Event, ICAL.Event];
    expect(festival.summary).toBe('Ìtàn Festival, Abeokuta; books & art');
    expect(festival.description).toContain('Line one\nLine two');
    expect(festival.startDate.toString()).toBe('2025-10-24');
    expect(festival.endDate.toString()).toBe('2025-10-26');
    expect(reading.startDate.toJSDate().toISOString()).toBe('2025-10-24T09:00:00.000Z');
    expect(reading.endDate.toJSDate().toISOString()).toBe('2025-10-24T10:30:00.000Z');
  });

  it('uses CRLF and folds every line to 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('escapes text and folds without splitting characters', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'ọ'.repeat(60)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'ọ'.repeat(60)}`);
  });
});
