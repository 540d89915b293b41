import type { Metadata } from 'next';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { NEWSLETTER_CONFIRM_MESSAGES } from '@/contract/forms/messages';

export const metadata: Metadata = { title: 'Subscription confirmed', robots: { index: false } };

export default function Confirmed() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Newsletter" title={NEWSLETTER_CONFIRM_MESSAGES.doneTitle} />
      <div className={styles.panel} role="status">
        <p data-testid="confirm-done">{NEWSLETTER_CONFIRM_MESSAGES.done}</p>
        <p>Every newsletter has a link to unsubscribe with one click.</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/highlights">Read the latest reports</ButtonLink>
      </div>
    </Container>
  );
}
