import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import styles from '@/components/info/info.module.css';
import own from '@/components/programme/programme.module.css';
import { Breadcrumb } from '@/components/highlights/breadcrumb';
import { Container } from '@/components/ui/container';
import { ContentImage } from '@/components/ui/content-image';
import type { ProgrammeSession } from '@/contract/content/programme';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { htmlToText } from '@/contract/html/sanitize';
import { getProgramme } from '@/lib/content';
import { dayLabel, lagosTime } from '@/lib/content/programme';
import { sessionPath, speakerSessions } from '@/lib/content/programme-list';
import { getEdition } from '@/lib/edition';
import { personJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { pageMetadata } from '@/lib/seo/metadata';
import { PreviewNotice } from '@/components/info/preview-notice';

type Params = Promise<{ slug: string }>;

const findSpeaker = cache(async (slug: string) => (await getProgramme()).speakers.find((s) => s.slug === slug));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const speaker = await findSpeaker((await params).slug);
  if (!speaker) return { robots: { index: false } };
  return pageMetadata({
    title: speaker.name,
    description: htmlToText(renderReportMarkdown(speaker.bio)) || `${speaker.name} at the Ìtàn Book & Arts Festival.`,
    path: `/speakers/${encodeURIComponent(speaker.slug)}`,
    ...(speaker.photo ? { image: { url: speaker.photo, alt: speaker.name } } : {}),
  });
}

/** A link leaves this site: it opens without giving the other site a handle on this page. */
const isExternal = (url: string) => /^https?:\/\//i.test(url);

/**
 * /speakers/{slug} (issue 40 part 3): photo, biography (Markdown, rendered and sanitised like a
 * report's), books with links, website, and their sessions this year and in past editions.
 */
export default async function SpeakerPage({ params }: { params: Params }) {
  const { slug } = await params;
  const [speaker, programme, edition] = await Promise.all([findSpeaker(slug), getProgramme(), getEdition()]);
  if (!speaker) notFound();
  const { current, past } = speakerSessions(programme.sessions, speaker.slug, edition.key);
  const path = `/speakers/${encodeURIComponent(speaker.slug)}`;
  const bio = renderReportMarkdown(speaker.bio);
  return (
    <Container className={styles.page}>
      <JsonLd
        data={personJsonLd({
          name: speaker.name,
          path,
          description: htmlToText(bio),
          ...(speaker.photo ? { image: speaker.photo } : {}),
          ...(speaker.role ? { jobTitle: speaker.role } : {}),
          ...(speaker.website ? { website: speaker.website } : {}),
        })}
      />
      <PreviewNotice page="/speakers" />
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Speakers', href: '/speakers' }, { label: speaker.name }]} />
      <article className={own.profile} aria-labelledby="speaker-name">
        <ContentImage src={speaker.photo ?? ''} alt="" width={224} height={224} sizes="224px" preload className={own.photo} />
        <div className={styles.section}>
          <h1 id="speaker-name">{speaker.name}</h1>
          {speaker.role ? <p className={styles.muted}>{speaker.role}</p> : null}
          <div className={styles.prose} data-testid="speaker-bio" dangerouslySetInnerHTML={{ __html: bio }} />
          {speaker.website ? (
            <p>
              <a href={speaker.website} rel="noopener noreferrer" data-testid="speaker-website">
                Website<span className="visually-hidden">: {speaker.name}</span>
              </a>
            </p>
          ) : null}
          {speaker.books.length > 0 ? (
            <section aria-labelledby="books-title" data-testid="speaker-books">
              <h2 id="books-title">Books</h2>
              <ul>
                {speaker.books.map((b) => (
                  <li key={`${b.title}|${b.url ?? ''}`}>
                    {b.url ? (
                      <a href={b.url} rel={isExternal(b.url) ? 'noopener noreferrer' : undefined}>
                        <cite>{b.title}</cite>
                      </a>
                    ) : (
                      <cite>{b.title}</cite>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {current.length > 0 ? <Sessions id="this-year" title="This year" sessions={current} /> : null}
          {past.map((p) => (
            <Sessions key={p.edition} id={`edition-${p.edition}`} title={p.edition} sessions={p.sessions} />
          ))}
        </div>
      </article>
    </Container>
  );
}

function Sessions({ id, title, sessions }: { id: string; title: string; sessions: readonly ProgrammeSession[] }) {
  return (
    <section aria-labelledby={id} data-testid="speaker-sessions">
      <h2 id={id}>{title}</h2>
      <ul>
        {sessions.map((s) => (
          <li key={s.slug}>
            <Link href={sessionPath(s.slug)} prefetch={false}>
              {s.title}
            </Link>
            <span className={styles.muted}>
              {' '}
              · {dayLabel(s.date)}, <time dateTime={s.startsAt}>{lagosTime(s.startsAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
