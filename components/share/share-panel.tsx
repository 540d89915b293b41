import { buildShareLinks } from './share-links';
import { ShareActions } from './share-actions';
import styles from './share.module.css';

/**
 * "Share this report": the Share and Copy Link buttons (JavaScript) above plain links to
 * WhatsApp, X, Facebook and email that work without it.
 */
export function SharePanel({ url, title, heading = 'Share this report' }: { url: string; title: string; heading?: string }) {
  const links = buildShareLinks(url, title);
  return (
    <section className={styles.panel} aria-labelledby="share-heading">
      <h2 id="share-heading" className={styles.heading}>
        {heading}
      </h2>
      <ShareActions url={url} title={title} />
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={link.href}
              className={styles.link}
              rel="noopener noreferrer"
              target={link.id === 'email' ? undefined : '_blank'}
              aria-label={link.id === 'email' ? 'Share by email' : `Share on ${link.label} (opens in a new tab)`}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
