import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { SubmitButton } from '@/components/forms/submit-button';
import styles from '@/components/forms/page.module.css';
import { ticketLinkPath } from '@/contract/api/tickets';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { GIVE_BACK_TEXT } from '@/contract/forms/waiting-list-messages';
import { lookup } from '@/contract/lookup';
import { getEditionStatus } from '@/lib/edition';
import { getTicket, giveBackRefusal } from '@/lib/tickets';
import { giveBackAction } from './actions';

export const metadata: Metadata = { title: 'Give your wristbands back', robots: { index: false, follow: false } };

type Params = Promise<{ reference: string }>;
type Search = Promise<{ t?: string | string[]; refused?: string | string[] }>;

const REFUSALS: Record<string, string> = {
  'checked-in': WAITING_LIST_MESSAGES.checkedIn,
  'earlier-edition': WAITING_LIST_MESSAGES.earlierEdition,
  'festival-over': WAITING_LIST_MESSAGES.festivalOver,
  'festival-started': WAITING_LIST_MESSAGES.festivalStarted,
  failed: WAITING_LIST_MESSAGES.cancelFailed,
};

/**
 * "I can't come": the one confirmation step before a ticket's wristbands are given back. Opened
 * from the ticket page (its signed link); nothing happens until the button is pressed, and the
 * way back is a plain link to the ticket.
 */
export default async function GiveBackPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  await connection();
  const { reference } = await params;
  const { t, refused } = await searchParams;
  const token = typeof t === 'string' ? t : undefined;
  const ticket = await getTicket(reference, token);
  if (!ticket || !token) notFound();
  const ticketHref = ticketLinkPath(ticket.reference, token);
  const bands = `${ticket.numberOfTickets} wristband${ticket.numberOfTickets === 1 ? '' : 's'}`;
  // The ticket's state and the edition's clock (from the festival's first day, nothing goes back), else what the backend said.
  const why = giveBackRefusal(ticket, await getEditionStatus()) ?? lookup(REFUSALS, refused);

  return (
    <FormPage id="give-back-title" eyebrow={`Ticket ${ticket.reference}`} title={GIVE_BACK_TEXT.title(bands)}>
      {why ? (
        <div className={styles.panel} role="alert" data-testid="give-back-refused">
          <p>{why}</p>
        </div>
      ) : null}
      {why && refused !== 'failed' ? null : (
        <form action={giveBackAction} className={styles.panel} aria-labelledby="give-back-title">
          <p>{GIVE_BACK_TEXT.explain}</p>
          <input type="hidden" name="reference" value={ticket.reference} />
          <input type="hidden" name="token" value={token} />
          <div className={styles.actions}>
            <SubmitButton pendingLabel={GIVE_BACK_TEXT.pending}>{GIVE_BACK_TEXT.confirm}</SubmitButton>
          </div>
        </form>
      )}
      <p>
        <Link href={ticketHref}>{GIVE_BACK_TEXT.back}</Link>
      </p>
    </FormPage>
  );
}
