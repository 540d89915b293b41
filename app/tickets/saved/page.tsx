import type { Metadata } from 'next';
import Link from 'next/link';
import { SavedTickets } from '@/components/tickets/saved-tickets';
import { TicketWorker } from '@/components/tickets/ticket-worker';
import { Container } from '@/components/ui/container';
import { isDevelopment } from '@/lib/config';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './saved.module.css';

export const metadata: Metadata = {
  title: 'Tickets on this phone',
  description: 'The festival tickets this phone keeps, to open at the gate with no signal.',
  robots: { index: false, follow: false },
};

/**
 * "Tickets on this phone" (issue 29): the page "Add to home screen" opens (app/manifest.ts). The
 * server renders the same shell for everyone; the list is read in the browser from what the ticket
 * worker keeps (components/tickets/saved-tickets.tsx), and the worker keeps this page too, so it
 * opens with no signal.
 */
export default function SavedTicketsPage() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading
        level={1}
        id="saved-title"
        eyebrow="Your festival tickets"
        title="Tickets on this phone"
        intro={
          <p>
            A ticket you open on this phone is kept on it, so it opens again with no signal, at the gate too. Only this phone holds the list: nothing about it is
            sent to us.
          </p>
        }
      />
      <div>
        <SavedTickets />
        <noscript>
          <p className={styles.note}>
            This list needs JavaScript, which is off in this browser. Your ticket still opens from the link in your email, and you can save its image or print
            it from the ticket page.
          </p>
        </noscript>
      </div>
      <section className={styles.steps} aria-labelledby="before-title">
        <h2 id="before-title">Before the festival</h2>
        <ol>
          <li>Open each ticket once from the link in your email while you have a connection.</li>
          <li>
            Add this page to your home screen: in your browser’s menu choose “Add to Home screen” or “Install app” (on an iPhone: Share, then “Add to Home
            Screen”). It opens this list, with or without a connection.
          </li>
          <li>For a phone without this, use “Save ticket image” on the ticket page, or print the ticket.</li>
        </ol>
        <p>
          Lost the email? <Link href="/tickets/resend">Send my ticket again</Link>.
        </p>
      </section>
      <TicketWorker enabled={!isDevelopment()} />
    </Container>
  );
}
