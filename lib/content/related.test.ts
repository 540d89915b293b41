import { describe, expect, it } from 'vitest';
import { RELATED_REPORTS_MAX } from '@/contract/festival';
import { relatedHighlights } from './related';
import type { Highlight } from '@/contract/content/schemas';

function h(slug: string, category: string, date: string): Highlight {
  return { id: slug, slug, category, date, title: slug, excerpt: '', content: '', image: '/i.webp', readTime: '5 min read', author: '', tags: [] };
}

describe('relatedHighlights', () => {
  const current = h('current', 'Event Report', '2025-08-01');
  const all = [
    current,
    h('other-new', 'Partnership', '2025-09-30'),
    h('same-old', 'Event Report', '2025-01-01'),
    h('same-new', 'event report', '2025-08-20'),
    h('other-old', 'Workshop Series', '2024-05-05'),
    h('same-mid', 'Event Report', '2025-03-03'),
  ];

  it('puts the same category first, most recent first, then the rest by recency, up to 3', () => {
    expect(RELATED_REPORTS_MAX).toBe(3);
    expect(relatedHighlights(current, all).map((x) => x.slug)).toEqual(['same-new', 'same-mid', 'same-old']);
    expect(relatedHighlights(current, all, 5).map((x) => x.slug)).toEqual([
      'same-new',
      'same-mid',
      'same-old',
      'other-new',
      'other-old',
    ]);
  });

  it('fills with other categories when the same one runs out, never including the current report', () => {
    const few = [current, h('same', 'Event Report', '2025-01-01'), h('b', 'Partnership', '2025-02-01'), h('c', 'Partnership', '2025-06-01')];
    expect(relatedHighlights(current, few).map((x) => x.slug)).toEqual(['same', 'c', 'b']);
    expect(relatedHighlights(current, [current])).toEqual([]);
    expect(relatedHighlights(current, all, 0)).toEqual([]);
  });

  it('skips duplicates and a copy of the current report with another id', () => {
    const copy = { ...current, id: 'copy' };
    const dup = h('same-new', 'Event Report', '2025-08-20');
    expect(relatedHighlights(current, [copy, dup, dup]).map((x) => x.slug)).toEqual(['same-new']);
  });
});
