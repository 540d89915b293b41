import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeIcsText, foldLine } from './ics';
import { buildRss, rssDate } from './rss';
import { htmlToText } from '@/contract/html/sanitize';

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
    // The description is HTML to a reader: the XML holds the text escaped as HTML.
    expect(first.description).toBe('Text with &quot;quotes&quot; &amp; ampersands');
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

describe('issue 32: nothing typed reaches a feed as markup or as a new line', () => {
  it('.ics: a bare CR typed by staff cannot start a property; every control character is escaped or dropped', () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007F';
    const ics = buildCalendar({
      prodId: '-//Test\r\nX-PRODID-INJECT:1//EN',
      now: new Date('2025-01-01T00:00:00Z'),
      events: [
        {
          uid: 'a@example.org\rX-UID-INJECT:1',
          summary: 'Indigo\rX-INJECT:1',
          description: `one${controls}two\u2028three`,
          location: 'Hall\nX-LOCATION-INJECT:1',
          url: 'https://example.org/\r\nX-URL-INJECT:1',
          allDay: { start: '2025-10-24', end: '2025-10-24' },
        },
      ],
    });
    // Lines end in CRLF only; no other control character is left anywhere in the file.
    const lines = ics.split('\r\n');
    for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(/[\u0000-\u001F\u007F]/);
    expect(lines.some((l) => /^X-[A-Z-]*INJECT/.test(l))).toBe(false);
    expect(lines).toContain('SUMMARY:Indigo\\nX-INJECT:1');

    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Indigo\nX-INJECT:1');
    // The tab (U+0009) as a space, LF and CR as line breaks, the rest gone.
    expect(event.description).toBe('one \n\ntwo\nthree');
    expect(event.location).toBe('Hall\nX-LOCATION-INJECT:1');
  });

  it('escapeIcsText: line breaks of every kind as \\n, a tab as a space, other controls dropped', () => {
    expect(escapeIcsText('a\rb\nc\r\nd\u2028e\u2029f\u0085g')).toBe('a\\nb\\nc\\nd\\ne\\nf\\ng');
    expect(escapeIcsText('a\tb\u0000c\u001Bd\u007Fe')).toBe('a bcde');
  });

  it('RSS: an excerpt is text to the reader: "<script>" arrives HTML-escaped inside the XML', () => {
    const excerpt = '<script>alert(1)</script> & <b>not bold</b>';
    const xml = buildRss({
      title: 'Reports',
      link: 'https://example.org/highlights',
      selfUrl: 'https://example.org/highlights/feed.xml',
      description: 'Reports <i>and</i> news',
      items: [{ title: 'A report', link: 'https://example.org/highlights/a', description: excerpt, date: '2025-07-22' }],
    });
    expect(xml).not.toMatch(/<script|&lt;script/);
    const parsed = new XMLParser({ processEntities: true, htmlEntities: false }).parse(xml) as {
      rss: { channel: { description: string; item: { description: string } } };
    };
    // What the XML parser hands a reader is HTML...
    const html = parsed.rss.channel.item.description;
    expect(html).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;not bold&lt;/b&gt;');
    expect(parsed.rss.channel.description).toBe('Reports &lt;i&gt;and&lt;/i&gt; news');
    // ...that holds no element, and shows exactly the excerpt as typed.
    expect(html).not.toMatch(/</);
    expect(htmlToText(html)).toBe(excerpt);
  });
});
