import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from '@/components/forms/page.module.css';
import { readTickets, type SearchParams } from '@/components/forms/thank-you-params';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { editionName } from '@/contract/edition';
import { TICKETS_MAX, TICKETS_MIN } from '@/contract/festival';
import { REGISTER_PAGE_TEXT } from '@/contract/forms/waiting-list-messages';
import { getEdition } from '@/lib/edition';

export const metadata: Metadata = { title: 'You are on the waiting list', robots: { index: false } };

/**
 * After joining the waiting list (issue 28). The answer is the same whether the address was
 * already listed (nobody learns who is), so this page says only what happens next.
 */
export default async function WaitingListThankYou({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tickets = readTickets((await searchParams).tickets, TICKETS_MIN, TICKETS_MAX);
  const edition = await getEdition();
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow={REGISTER_PAGE_TEXT.joinedEyebrow} title={REGISTER_PAGE_TEXT.joinedTitle} />
      <div className={styles.panel} role="status" data-testid="waiting-list-joined">
        <p>{WAITING_LIST_MESSAGES.joined}</p>
        <dl className={styles.facts}>
          <dt>Edition</dt>
          <dd>{editionName(edition)}</dd>
          {tickets !== undefined ? (
            <>
              <dt>Wristbands wanted</dt>
              <dd data-testid="waiting-count">{tickets}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/programme">The programme</ButtonLink>
        <ButtonLink href="/" variant="outline">
          Back to the home page
        </ButtonLink>
      </div>
    </Container>
  );
}
