import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumb } from '@/components/highlights/breadcrumb';
import { HighlightGrid } from '@/components/highlights/highlight-grid';
import { HighlightMeta } from '@/components/highlights/highlight-meta';
import styles from '@/components/highlights/highlights.module.css';
import { SharePanel } from '@/components/share/share-panel';
import { Container } from '@/components/ui/container';
import { ContentImage } from '@/components/ui/content-image';
import { getHighlight, getHighlights, relatedHighlights } from '@/lib/content';
import type { Highlight } from '@/contract/content/schemas';
import { htmlToText, sanitizeReportHtml, truncateText } from '@/contract/html/sanitize';
import { articleJsonLd, breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { NOT_FOUND_TITLES } from '@/lib/not-found/headings';
import { pageMetadata } from '@/lib/seo/metadata';
import { absoluteUrl } from '@/lib/seo/urls';

type Params = Promise<{ slug: string }>;

/** How many recent reports to consider when choosing related ones. */
const RELATED_POOL = 24;

function describeReport(h: Highlight): string {
  return truncateText(h.excerpt || htmlToText(h.content) || h.title, 200);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const highlight = await getHighlight(slug);
  if (!highlight) return { title: { absolute: NOT_FOUND_TITLES.report }, robots: { index: false } };
  // The Open Graph and Twitter images come from opengraph-image.tsx / twitter-image.tsx beside this page.
  return pageMetadata({
    title: highlight.title,
    description: describeReport(highlight),
    path: `/highlights/${encodeURIComponent(highlight.slug)}`,
    type: 'article',
    article: {
      publishedTime: highlight.date,
      authors: highlight.author ? [highlight.author] : undefined,
      section: highlight.category,
      tags: highlight.tags,
    },
  });
}

export default async function ReportPage({ params }: { params: Params }) {
  const { slug } = await params;
  const highlight = await getHighlight(slug);
  if (!highlight) notFound();

  const path = `/highlights/${encodeURIComponent(highlight.slug)}`;
  const url = absoluteUrl(path);
  // Images only from this site's media path (reports stored before that rule, or from an external API).
  const body = sanitizeReportHtml(highlight.content);
  const pool = await getHighlights({ limit: RELATED_POOL });
  const related = relatedHighlights(highlight, pool.results);

  return (
    <Container width="narrow" className={styles.article}>
      <JsonLd
        data={[
          articleJsonLd({
            title: highlight.title,
            path,
            description: describeReport(highlight),
            date: highlight.date,
            author: highlight.author || undefined,
            image: highlight.image,
            category: highlight.category,
            tags: highlight.tags,
          }),
          breadcrumbJsonLd([
            { name: 'Home', path: '/' },
            { name: 'Highlights', path: '/highlights' },
            { name: highlight.title, path },
          ]),
        ]}
      />
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Highlights', href: '/highlights' }, { label: highlight.title }]} />
      <article className={styles.article} aria-labelledby="report-title">
        <header className={styles.articleHeader}>
          <p className={styles.category} data-testid="report-category">
            {highlight.category}
          </p>
          <h1 id="report-title" className={styles.title}>
            {highlight.title}
          </h1>
          <p className={styles.meta} data-testid="report-meta">
            <HighlightMeta highlight={highlight} showCategory={false} />
            {highlight.author ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>By {highlight.author}</span>
              </>
            ) : null}
          </p>
        </header>
        <ContentImage
          src={highlight.image}
          alt={highlight.imageAlt ?? ''}
          fill
          sizes="(min-width: 800px) 760px, 92vw"
          ratio="16 / 9"
          preload
          className={styles.articleImage}
        />
        {/* Sanitised on an allow-list (contract/html/sanitize.ts): the body comes from the API. */}
        <div className={styles.body} data-testid="report-body" dangerouslySetInnerHTML={{ __html: body }} />
        {highlight.tags.length > 0 ? (
          <section aria-labelledby="tags-heading">
            <h2 id="tags-heading" className={styles.srOnly}>
              Tags
            </h2>
            <ul className={styles.tags}>
              {highlight.tags.map((tag) => (
                <li key={tag} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <SharePanel url={url} title={highlight.title} />
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-heading">
          <h2 id="related-heading" className={styles.sectionTitle}>
            Related reports
          </h2>
          <HighlightGrid highlights={related} label="Related reports" />
        </section>
      ) : null}
    </Container>
  );
}
