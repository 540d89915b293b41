import { SEED_EDITION, sessionSubtitle } from '@/contract/edition-copy';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fallbacks from '@/contract/fallbacks';
import { lagosInstant } from './programme';
import { CONTENT_KINDS, EDITED_ELSEWHERE, contentKind, type ContentKind } from './kinds';

/**
 * Every piece of the festival's content has an editor (issue 40): each fallback the site ships is
 * edited either as entries of a kind in the registry (the generic editor at /staff/content/<kind>
 * draws every kind's form from its fields) or on a page of its own (EDITED_ELSEWHERE). A new
 * fallback, or a new field in one, that no kind carries fails here.
 */
const ELSEWHERE_FALLBACKS: Record<keyof typeof EDITED_ELSEWHERE, unknown> = {
  hero: fallbacks.heroFallback,
  events: fallbacks.eventsFallback,
  eventDetails: fallbacks.eventDetailsFallback,
  highlights: fallbacks.highlightsFallback,
};

/** Every text and number in a value, as strings. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

/**
 * What a kind ordered by its data (sessions) says of its dates: the programme's rows (programsFallback)
 * are its sessions, their "Friday 24 October · 10:00" made from each session's day and start.
 */
function datedLeaves(kind: ContentKind): string[] {
  if (kind.shape !== 'collection' || !kind.orderedBy?.time) return [];
  const { date, time } = kind.orderedBy;
  return kind.fallback(SEED_EDITION).flatMap((entry) => (typeof entry[date] === 'string' && typeof entry[time] === 'string' ? [sessionSubtitle(lagosInstant(entry[date], entry[time]))] : []));
}

describe('the content registry (contract/content/kinds.ts)', () => {
  const kinds = Object.values(CONTENT_KINDS) as ContentKind[];
  // A kind carries its fallback's values, and its seeded entries' ids where the spec's answer has them (a podcast's).
  const inKinds = new Set(kinds.flatMap((kind) => [...leaves(kind.shape === 'singleton' ? kind.fallback(SEED_EDITION) : kind.fallback(SEED_EDITION)), ...(kind.shape === 'collection' ? (kind.seedIds?.() ?? []) : []), ...datedLeaves(kind)]));

  it('carries every fallback the site ships, or names the page that edits it', () => {
    const elsewhere = new Set(Object.values(ELSEWHERE_FALLBACKS));
    for (const [name, value] of Object.entries(fallbacks)) {
      if (typeof value === 'function' || elsewhere.has(value)) continue;
      // The gate's day numbers count from 1 for staff, from 0 in the contract; every other value is carried as it is.
      const missing = leaves(value).filter((leaf) => !inKinds.has(leaf) && !/^\d$/.test(leaf));
      expect(missing, `${name}: not in any content kind`).toEqual([]);
    }
  });

  it('has unique keys that are their own names, one editor page for all, and fields named once per kind', () => {
    for (const [key, kind] of Object.entries(CONTENT_KINDS) as [string, ContentKind][]) {
      expect(kind.key).toBe(key);
      expect(contentKind(key)).toBe(kind);
      const names = kind.fields.map((f) => f.name);
      expect(new Set(names).size, key).toBe(names.length);
      if (kind.shape === 'collection') expect(names, `${key}'s label`).toContain(kind.label);
    }
    expect(contentKind('constructor')).toBeUndefined();
    expect(contentKind('__proto__')).toBeUndefined();
    const root = path.resolve(import.meta.dirname, '../..');
    for (const page of ['app/staff/content/[kind]/page.tsx', 'app/staff/content/[kind]/[id]/page.tsx', 'app/staff/content/[kind]/[id]/delete/page.tsx']) {
      expect(fs.existsSync(path.join(root, page)), page).toBe(true);
    }
    for (const href of Object.values(EDITED_ELSEWHERE)) expect(fs.existsSync(path.join(root, 'app', href, 'page.tsx')), href).toBe(true);
  });
});
