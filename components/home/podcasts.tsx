import type { Podcast } from '@/contract/content/schemas';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './home.module.css';

/** Episodes as cards with plain YouTube/Spotify links: no player embed weighs on the first load. */
export function Podcasts({ podcasts }: { podcasts: readonly Podcast[] }) {
  if (podcasts.length === 0) return null;
  return (
    <section id="podcasts" className={`${styles.section} ${styles.podcasts}`} aria-labelledby="podcasts-title">
      <div className="container">
        <SectionHeading
          id="podcasts-title"
          eyebrow="Ìtàn Podcast"
          title="Listen to the festival"
          tone="inverse"
          intro={<p>Conversations with the writers, artists and readers who make Ìtàn, between festivals.</p>}
        />
        <ul className={styles.podcastGrid}>
          {podcasts.map((podcast) => (
            <li key={podcast.id} className={styles.podcast}>
              <ContentImage src={podcast.image} alt="" width={160} height={160} sizes="160px" className={styles.podcastImage} />
              <div className={styles.podcastBody}>
                {podcast.duration ? <p className={styles.podcastMeta}>{podcast.duration}</p> : null}
                <h3 className={styles.podcastTitle}>{podcast.title}</h3>
                {podcast.description ? <p className={styles.podcastText}>{podcast.description}</p> : null}
                <p className={styles.podcastLinks}>
                  {podcast.youtubeUrl ? (
                    <a href={podcast.youtubeUrl} className="btn btn--light btn--sm" rel="noopener noreferrer">
                      Watch on YouTube<span className="visually-hidden">: {podcast.title}</span>
                    </a>
                  ) : null}
                  {podcast.spotifyUrl ? (
                    <a href={podcast.spotifyUrl} className={`btn btn--sm ${styles.spotify}`} rel="noopener noreferrer">
                      Listen on Spotify<span className="visually-hidden">: {podcast.title}</span>
                    </a>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
