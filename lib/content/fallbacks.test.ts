import { SEED_EDITION } from '@/contract/edition-copy';
import { describe, expect, it } from 'vitest';
import {
  aboutFallback,
  contactInfoFallback,
  donationPolicyFallback,
  privacyFallback,
  visitFallback,
  allFallbackImagePaths,
  eventDetailsFallback,
  eventsFallback,
  heroFallback,
  highlightsFallback,
  podcastsFallback,
  programsFallback,
  volunteerBenefitsFallback,
  volunteerRolesFallback,
} from '@/contract/fallbacks';
import { HIGHLIGHT_CATEGORIES, TEAM_MEMBERS_COUNT, VOLUNTEER_BENEFITS_COUNT, VOLUNTEER_ROLES_COUNT } from '@/contract/festival';
import {
  aboutSchema,
  contactInfoSchema,
  donationPolicySchema,
  privacySchema,
  visitSchema,
  eventDetailSchema,
  eventsSchema,
  heroSchema,
  highlightSchema,
  podcastSchema,
  programSchema,
  volunteerBenefitSchema,
  volunteerRoleSchema,
} from '@/contract/content/schemas';
import { findEventDetail, getAllEventDetails } from './static';
import { entriesOf } from './source';
import { CONTENT_BLOCKS, type ContentBlockKey } from '@/contract/content/blocks';
import { CONTENT_KINDS, type ContentKind } from '@/contract/content/kinds';

const getEventDetail = (slug: string, kind?: 'event' | 'program') => findEventDetail(getAllEventDetails(), slug, kind);

describe('contract/fallbacks', () => {
  it('every fallback validates against its schema, unchanged', () => {
    expect(heroSchema.parse(heroFallback)).toEqual(heroFallback);
    expect(eventsSchema.parse(eventsFallback)).toEqual(eventsFallback);
    expect(programSchema.array().parse(programsFallback)).toEqual(programsFallback);
    expect(podcastSchema.array().parse(podcastsFallback)).toEqual(podcastsFallback);
    expect(highlightSchema.array().parse(highlightsFallback)).toEqual(highlightsFallback);
    expect(aboutSchema.parse(aboutFallback)).toEqual(aboutFallback);
    expect(volunteerRoleSchema.array().parse(volunteerRolesFallback)).toEqual(volunteerRolesFallback);
    expect(volunteerBenefitSchema.array().parse(volunteerBenefitsFallback)).toEqual(volunteerBenefitsFallback);
    expect(eventDetailSchema.array().parse(eventDetailsFallback)).toEqual(eventDetailsFallback);
  });

  it('has a hero event and exactly 3 grid events, slugs unique', () => {
    expect(eventsFallback.events).toHaveLength(3);
    const slugs = [eventsFallback.heroEvent.slug, ...eventsFallback.events.map((e) => e.slug)];
    expect(new Set(slugs).size).toBe(4);
  });

  it('has 5 programmes and 2 podcast episodes with YouTube and Spotify links', () => {
    expect(programsFallback).toHaveLength(5);
    expect(new Set(programsFallback.map((p) => p.slug)).size).toBe(5);
    expect(podcastsFallback).toHaveLength(2);
    for (const p of podcastsFallback) {
      expect(new URL(p.youtubeUrl ?? '').hostname).toMatch(/youtube\.com$/);
      expect(new URL(p.spotifyUrl ?? '').hostname).toBe('open.spotify.com');
    }
  });

  it('has the four Event Report highlights on the spec dates, with real HTML bodies', () => {
    expect(highlightsFallback.map((h) => h.date).sort()).toEqual(['2025-07-22', '2025-08-16', '2025-08-21', '2025-08-23']);
    expect(new Set(highlightsFallback.map((h) => h.slug)).size).toBe(4);
    for (const h of highlightsFallback) {
      expect(h.category).toBe('Event Report');
      expect(h.content.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(h.content).toContain('<h2>');
      expect(h.content).toContain('<blockquote>');
      expect(h.content).toContain('<ul>');
      expect(h.author).not.toBe('');
      expect(h.tags.length).toBeGreaterThan(0);
      expect(h.readTime).toMatch(/^\d+ min read$/);
      expect(h.excerpt.length).toBeGreaterThan(40);
    }
    // Newest first, so "the first n" of the featured fallback are the most recent.
    const dates = highlightsFallback.map((h) => h.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(HIGHLIGHT_CATEGORIES.map((c) => c.label)).toContain(highlightsFallback[0]?.category);
  });

  it('has the about statistics, a 2021–2025 timeline and a team of 10 with roles', () => {
    expect(aboutFallback.statistics.map((s) => s.value)).toEqual(['4', '8+', '1,000+']);
    expect(aboutFallback.statistics.every((s) => s.label.length > 0)).toBe(true);
    expect(aboutFallback.timeline.map((t) => t.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(aboutFallback.team).toHaveLength(TEAM_MEMBERS_COUNT);
    expect(TEAM_MEMBERS_COUNT).toBe(10);
    expect(aboutFallback.team.every((m) => m.name && m.role)).toBe(true);
    expect(aboutFallback.mission.length).toBeGreaterThan(40);
    expect(aboutFallback.vision.length).toBeGreaterThan(40);
  });

  it('has 6 volunteer roles and 6 benefits', () => {
    expect(volunteerRolesFallback).toHaveLength(VOLUNTEER_ROLES_COUNT);
    expect(volunteerBenefitsFallback).toHaveLength(VOLUNTEER_BENEFITS_COUNT);
    expect(new Set(volunteerRolesFallback.map((r) => r.id)).size).toBe(6);
    expect(volunteerRolesFallback.every((r) => r.skills.length > 0 && r.commitment)).toBe(true);
  });

  it('has an event detail for every event and programme slug, of the right kind, in Lagos time', () => {
    const eventSlugs = [eventsFallback.heroEvent.slug, ...eventsFallback.events.map((e) => e.slug)];
    const programSlugs = programsFallback.map((p) => p.slug);
    expect(eventDetailsFallback.map((d) => d.slug).sort()).toEqual([...eventSlugs, ...programSlugs].sort());
    for (const slug of eventSlugs) expect(getEventDetail(slug)?.kind).toBe('event');
    for (const slug of programSlugs) expect(getEventDetail(slug, 'program')?.kind).toBe('program');
    for (const d of eventDetailsFallback) {
      expect(d.startsAt).toMatch(/\+01:00$/);
      expect(d.endsAt).toMatch(/\+01:00$/);
      expect(Date.parse(d.endsAt)).toBeGreaterThan(Date.parse(d.startsAt));
      expect(d.startsAt.startsWith('2025-')).toBe(true);
    }
    const festival = getEventDetail(eventsFallback.heroEvent.slug);
    expect(festival?.startsAt.slice(0, 10)).toBe('2025-10-24');
    expect(festival?.endsAt.slice(0, 10)).toBe('2025-10-25');
  });

  it('lists every image path once, all under /images/content/ as WebP', () => {
    const paths = allFallbackImagePaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/images\/content\/[a-z0-9-]+\.webp$/);
    const used = [
      heroFallback.heroImage,
      eventsFallback.heroEvent.image,
      ...eventsFallback.events.map((e) => e.image),
      ...programsFallback.map((p) => p.avatar),
      ...podcastsFallback.map((p) => p.image),
      ...highlightsFallback.map((h) => h.image),
      ...eventDetailsFallback.map((d) => d.image),
    ];
    expect(used.every((p) => paths.includes(p))).toBe(true);
    expect(paths).toContain('/images/content/hero.webp');
  });
});

describe('static getters', () => {
  it('serve the parsed static data', () => {
    expect(getAllEventDetails()).toHaveLength(9);
  });

  it("every content kind's fallback fits its fields, and the pages' schemas read what they make (issue 40)", () => {
    for (const kind of Object.values(CONTENT_KINDS) as ContentKind[]) {
      const entries = kind.shape === 'singleton' ? [kind.fallback(SEED_EDITION)] : kind.fallback(SEED_EDITION);
      expect(entriesOf(kind, entries), kind.key).toHaveLength(entries.length);
    }
    const entries = (key: keyof typeof CONTENT_KINDS) => {
      const kind: ContentKind = CONTENT_KINDS[key];
      return entriesOf(kind, kind.shape === 'singleton' ? [kind.fallback(SEED_EDITION)] : kind.fallback(SEED_EDITION));
    };
    expect(aboutSchema.parse({ ...entries('about')[0], statistics: entries('statistics'), timeline: entries('timeline'), team: entries('team') })).toEqual(aboutFallback);
    expect(volunteerRoleSchema.array().parse(entries('volunteerRoles'))).toEqual(volunteerRolesFallback);
    expect(volunteerBenefitSchema.array().parse(entries('volunteerBenefits'))).toEqual(volunteerBenefitsFallback);
    // The spec's page-copy endpoints, put together from their kinds' entries, answer the fallbacks exactly.
    const fromEntries = (key: ContentBlockKey) => CONTENT_BLOCKS[key].assemble(entries);
    expect(fromEntries('visit')).toEqual(visitSchema.parse(visitFallback));
    expect(fromEntries('contact')).toEqual(contactInfoSchema.parse(contactInfoFallback));
    expect(fromEntries('privacy')).toEqual(privacySchema.parse(privacyFallback));
    expect(fromEntries('donation-policy')).toEqual(donationPolicySchema.parse(donationPolicyFallback));
  });

  it('findEventDetail is undefined for an unknown slug or the wrong kind', () => {
    expect(getEventDetail('nope')).toBeUndefined();
    expect(getEventDetail('annual-festival', 'program')).toBeUndefined();
  });
});
