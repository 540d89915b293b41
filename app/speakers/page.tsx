import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import own from '@/components/programme/programme.module.css';
import { Container } from '@/components/ui/container';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { FESTIVAL_NAME } from '@/contract/festival';
import { getProgramme } from '@/lib/content';
import { speakerPath, speakersByName } from '@/lib/content/programme-list';
import { pageMetadata } from '@/lib/seo/metadata';
import { PreviewNotice } from '@/components/info/preview-notice';

export const NO_SPEAKERS = 'Speakers will be announced soon.';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Speakers and artists',
    description: `The writers, artists and speakers of ${FESTIVAL_NAME}, this year and in past editions: who they are, their books and their sessions.`,
    path: '/speakers',
  });
}

/** /speakers (issue 40 part 3): every published speaker, in alphabetical order of their folded names. */
export default async function SpeakersPage() {
  const speakers = speakersByName((await getProgramme()).speakers);
  return (
    <Container className={styles.page}>
      <PreviewNotice page="/speakers" />
      <SectionHeading
        level={1}
        id="speakers-title"
        eyebrow="Programme"
        title="Speakers and artists"
        intro={
          <p className={styles.links}>
            <Link href="/programme">The programme, day by day</Link>
          </p>
        }
      />
      {speakers.length === 0 ? (
        <p data-testid="no-speakers">{NO_SPEAKERS}</p>
      ) : (
        <ul className={own.speakers} data-testid="speakers">
          {speakers.map((s) => (
            <li key={s.slug} className={own.speaker}>
              <ContentImage src={s.photo ?? ''} alt="" width={64} height={64} sizes="64px" className={own.photo} />
              <span>
                <Link href={speakerPath(s.slug)} prefetch={false} className={styles.sessionTitle}>
                  {s.name}
                </Link>
                {s.role ? <span className={`${styles.muted} ${own.block}`}>{s.role}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
