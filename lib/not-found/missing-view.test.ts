import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingViewFor, ROUTED_TICKET_PAGES, ROUTED_TOP_LEVEL, slugRouteOf, type ExistenceLookups } from './missing-view';

const q = (s = '') => new URLSearchParams(s);

describe('slugRouteOf', () => {
  it('names the four slug routes', () => {
    expect(slugRouteOf('/highlights/a-report', q())).toEqual({ kind: 'report', slug: 'a-report' });
    expect(slugRouteOf('/highlights/caf%C3%A9', q())).toEqual({ kind: 'report', slug: 'café' });
    expect(slugRouteOf('/events/indigo-and-ink', q())).toEqual({ kind: 'event', slug: 'indigo-and-ink', top: false });
    expect(slugRouteOf('/indigo-and-ink', q())).toEqual({ kind: 'event', slug: 'indigo-and-ink', top: true });
    expect(slugRouteOf('/tickets/ITN-7K3Q9P', q('t=abc'))).toEqual({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: 'abc' });
    expect(slugRouteOf('/tickets/ITN-7K3Q9P', q('t=a&t=b'))).toEqual({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: undefined });
  });

  it('never checks a route of its own, a file, or anything deeper', () => {
    for (const p of ['/', '/about', '/staff', '/highlights/feed.xml', '/tickets/resend', '/tickets/saved', '/robots.txt', '/sitemap.xml', '/festival.ics', '/_missing', '/highlights/x/opengraph-image', '/events/x/calendar.ics', '/staff/check-in', '/highlights/', '/highlights/a%2Fb', '/%ff']) {
      expect(slugRouteOf(p, q()), p).toBeUndefined();
    }
  });
});

describe('ROUTED_TOP_LEVEL', () => {
  // A new top-level page missing from the list would be checked as an event slug and answer 404.
  it('holds every top-level folder of app/ with a page or route of its own', () => {
    const app = path.join(process.cwd(), 'app');
    const routed = fs
      .readdirSync(app, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !/^[[(_]/.test(e.name) && !e.name.includes('.'))
      .filter((e) => ['page.tsx', 'route.ts'].some((f) => fs.existsSync(path.join(app, e.name, f))) || fs.existsSync(path.join(app, e.name, '(list)', 'page.tsx')))
      .map((e) => e.name)
      .sort();
    expect([...ROUTED_TOP_LEVEL].sort()).toEqual(routed);
  });
});

describe('ROUTED_TICKET_PAGES', () => {
  // A page under /tickets/ missing from the list would be checked as a ticket reference and answer 404.
  it('holds every folder of app/tickets/ with a page of its own', () => {
    const tickets = path.join(process.cwd(), 'app', 'tickets');
    const routed = fs
      .readdirSync(tickets, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !/^[[(_]/.test(e.name) && fs.existsSync(path.join(tickets, e.name, 'page.tsx')))
      .map((e) => e.name)
      .sort();
    expect([...ROUTED_TICKET_PAGES].sort()).toEqual(routed);
  });
});

function lookups(known: { reports?: string[]; events?: string[]; tickets?: Record<string, boolean | undefined>; speakers?: string[]; editions?: string[] }): ExistenceLookups & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    report: async (slug) => (asked.push(`report:${slug}`), (known.reports ?? []).includes(slug)),
    event: async (slug) => (asked.push(`event:${slug}`), (known.events ?? []).includes(slug)),
    ticket: async (reference, token) => (asked.push(`ticket:${reference}`), (known.tickets ?? {})[`${reference}?${token}`]),
    speaker: async (slug) => (asked.push(`speaker:${slug}`), (known.speakers ?? []).includes(slug)),
    edition: async (key) => (asked.push(`edition:${key}`), (known.editions ?? []).includes(key)),
  };
}

describe('missingViewFor', () => {
  it('lets a known slug through and names the view of an unknown one', async () => {
    const l = lookups({ reports: ['r'], events: ['e'] });
    expect(await missingViewFor({ kind: 'report', slug: 'r' }, l)).toBeUndefined();
    expect(await missingViewFor({ kind: 'report', slug: 'nope' }, l)).toBe('report');
    expect(await missingViewFor({ kind: 'event', slug: 'e', top: false }, l)).toBeUndefined();
    expect(await missingViewFor({ kind: 'event', slug: 'nope', top: false }, l)).toBe('event');
    expect(await missingViewFor({ kind: 'event', slug: 'nope', top: true }, l)).toBe('page');
  });

  it('speakers and past programmes (issue 40 part 3): a known one renders, an unknown one is the page view', async () => {
    const l = lookups({ speakers: ['chika-okafor'], editions: ['2025'] });
    expect(slugRouteOf('/speakers/chika-okafor', q())).toEqual({ kind: 'speaker', slug: 'chika-okafor' });
    expect(slugRouteOf('/programme/2025', q('day=2025-10-24'))).toEqual({ kind: 'edition', key: '2025' });
    expect(await missingViewFor({ kind: 'speaker', slug: 'chika-okafor' }, l)).toBeUndefined();
    expect(await missingViewFor({ kind: 'speaker', slug: 'nobody' }, l)).toBe('page');
    expect(await missingViewFor({ kind: 'edition', key: '2025' }, l)).toBeUndefined();
    expect(await missingViewFor({ kind: 'edition', key: '1999' }, l)).toBe('page');
    expect(await missingViewFor({ kind: 'edition', key: 'not-a-year' }, l)).toBe('page');
    expect(l.asked).toEqual(['speaker:chika-okafor', 'speaker:nobody', 'edition:2025', 'edition:1999']);
  });

  it('does not ask about a slug no page could serve', async () => {
    const l = lookups({ events: ['Bad_Slug'] });
    expect(await missingViewFor({ kind: 'event', slug: 'Bad_Slug', top: true }, l)).toBe('page');
    expect(await missingViewFor({ kind: 'ticket', reference: 'not-a-ref', token: 't' }, l)).toBe('ticket');
    expect(await missingViewFor({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: undefined }, l)).toBe('ticket');
    expect(l.asked).toEqual([]);
  });

  it('shows a ticket link that does not open, and leaves the page to say when the backend cannot tell', async () => {
    const l = lookups({ tickets: { 'ITN-7K3Q9P?good': true, 'ITN-7K3Q9P?bad': false, 'ITN-7K3Q9P?down': undefined } });
    expect(await missingViewFor({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: 'good' }, l)).toBeUndefined();
    expect(await missingViewFor({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: 'bad' }, l)).toBe('ticket');
    expect(await missingViewFor({ kind: 'ticket', reference: 'ITN-7K3Q9P', token: 'down' }, l)).toBeUndefined();
  });
});

describe('ROUTED_TOP_LEVEL, with the public forms’ pages derived (contract/forms/public-forms.ts)', () => {
  // The test above holds the set against app/; this one keeps what the written-out list held.
  it('holds every segment it held when each was written out', () => {
    expect([...ROUTED_TOP_LEVEL]).toEqual(
      expect.arrayContaining(['about', 'annual-festival', 'bi-monthly', 'contact', 'creative-economy', 'donations', 'highlights', 'literacy-libraries', 'partnerships', 'privacy', 'programme', 'register', 'staff', 'visit', 'volunteer']),
    );
  });
});
