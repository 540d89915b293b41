import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { NOT_FOUND_HEADINGS } from '@/lib/not-found/headings';
import styles from './highlights.module.css';

/** 'Report Not Found' (spec §2): a missing report, or one that failed to load. */
export function ReportNotFound({ message }: { message: string }) {
  return (
    <Container className={styles.page}>
      <div className={styles.state}>
        <h1 className={styles.stateTitle}>{NOT_FOUND_HEADINGS.report}</h1>
        <p className={styles.stateText}>{message}</p>
        <div className={styles.stateActions}>
          <ButtonLink href="/highlights">Back to Highlights</ButtonLink>
          <ButtonLink href="/" variant="outline">
            Go to Home
          </ButtonLink>
        </div>
      </div>
    </Container>
  );
}
