import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { highlightsFallback } from '@/contract/fallbacks';
import { fallbackHighlightPage } from '@/lib/content/source';
import { highlightSchema } from '@/contract/content/schemas';
import { HighlightsError, HighlightsEmpty } from './highlights-states';
import { loadHighlightsList, type HighlightsListSources } from './list-state';

const all = highlightSchema.array().parse(highlightsFallback);

/** The real local data source (the same one the getters fall back to). */
const local: HighlightsListSources = {
  getHighlights: async (query) => fallbackHighlightPage(all, query),
  getFeaturedHighlights: async (limit = 3) => all.slice(0, limit),
};

describe('loadHighlightsList', () => {
  it('leads with the featured report and leaves it out of the grid', async () => {
    const state = await loadHighlightsList(local, 'all', 1);
    if (state.status !== 'ok') throw new Error('expected ok');
    expect(state.featured?.slug).toBe(all[0]!.slug);
    expect(state.grid.map((h) => h.slug)).toEqual(all.slice(1).map((h) => h.slug));
  });

  it('shows no featured report in a filtered view', async () => {
    const state = await loadHighlightsList(local, 'event-report', 1);
    expect(state).toMatchObject({ status: 'ok', featured: undefined });
    if (state.status === 'ok') expect(state.grid).toHaveLength(4);
    const empty = await loadHighlightsList(local, 'partnership', 1);
    expect(empty).toMatchObject({ status: 'ok', featured: undefined, grid: [] });
  });

  it('pages the grid', async () => {
    const first = await loadHighlightsList(local, 'event-report', 1, 3);
    const second = await loadHighlightsList(local, 'event-report', 2, 3);
    expect(first).toMatchObject({ totalPages: 2 });
    if (second.status === 'ok') expect(second.grid.map((h) => h.slug)).toEqual([all[3]!.slug]);
  });

  it('turns a getter that throws (even the fallback failed) into the error state', async () => {
    const broken: HighlightsListSources = {
      getHighlights: () => Promise.reject(new Error('fallback unreadable')),
      getFeaturedHighlights: local.getFeaturedHighlights,
    };
    expect(await loadHighlightsList(broken, 'all', 1)).toEqual({ status: 'error' });
  });
});

describe('highlights states', () => {
  it('the error state has the exact message and a Try Again link to the same URL (works without JavaScript)', () => {
    const html = renderToStaticMarkup(HighlightsError({ retryHref: '/highlights?category=partnership' }));
    expect(html).toContain('Failed to load highlights. Please try again.');
    expect(html).toMatch(/<a href="\/highlights\?category=partnership"[^>]*>Try Again<\/a>/);
    expect(html).toContain('role="alert"');
  });

  it('the empty state offers View All Reports only in a filtered view', () => {
    const filtered = renderToStaticMarkup(HighlightsEmpty({ filtered: true }));
    expect(filtered).toContain('No Reports Found');
    expect(filtered).toContain('No highlights available at the moment.');
    expect(filtered).toContain('View All Reports');
    expect(renderToStaticMarkup(HighlightsEmpty({ filtered: false }))).not.toContain('View All Reports');
  });
});
