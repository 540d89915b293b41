import type { Metadata } from 'next';
import { parseCategoryParam, categoryHref } from '@/components/highlights/category-chips';
import { HighlightsListView } from '@/components/highlights/highlights-list-view';
import { loadHighlightsList } from '@/components/highlights/list-state';
import { parsePageParam } from '@/components/highlights/pagination';
import styles from '@/components/highlights/highlights.module.css';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getFeaturedHighlights, getHighlights } from '@/lib/content';
import { HIGHLIGHT_CATEGORIES } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';
import { absoluteUrl } from '@/lib/seo/urls';

// Content and SITE_URL are read per request (and the CSP nonce needs dynamic rendering).
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const DESCRIPTION =
  'Reports from Ìtàn Festival’s readings, workshops, open mics and literacy programme in Abeokuta: what happened, who came and what we learned.';

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const params = await searchParams;
  const category = parseCategoryParam(params.category);
  const label = HIGHLIGHT_CATEGORIES.find((c) => c.slug === category)?.label;
  const meta = pageMetadata({
    title: category === 'all' ? 'Highlights' : `${label} · Highlights`,
    description: DESCRIPTION,
    path: categoryHref(category, parsePageParam(params.page)),
    image: { url: '/images/content/hero.webp', alt: 'Ìtàn Festival highlights' },
  });
  return {
    ...meta,
    alternates: { ...meta.alternates, types: { 'application/rss+xml': absoluteUrl('/highlights/feed.xml') } },
  };
}

export default async function HighlightsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const category = parseCategoryParam(params.category);
  const page = parsePageParam(params.page);
  const state = await loadHighlightsList({ getHighlights, getFeaturedHighlights }, category, page);
  return (
    <Container className={styles.page}>
      <SectionHeading
        level={1}
        eyebrow="Event reports"
        title="Highlights"
        intro={
          <p>
            Stories from our book circles, workshops, open mics and reading rooms.{' '}
            <a href="/highlights/feed.xml">Follow the reports by RSS</a>.
          </p>
        }
      />
      <HighlightsListView state={state} category={category} />
    </Container>
  );
}
