import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { ContentImage } from '@/components/ui/content-image';
import { Breadcrumb, type Crumb } from '@/components/highlights/breadcrumb';
import { sanitizeBodyHtml } from '@/contract/html/sanitize';
import { formatEventWhen } from './event-when';
import type { EventView } from './resolve-event';
import styles from './events.module.css';

/** An event or programme page: title, when (Lagos time), where, what, image, Register (while the edition's phase offers it). */
export function EventDetailView({
  event,
  register,
  crumbs,
  notice,
  children,
}: {
  event: EventView;
  /** Register (or the waiting list) while registration is offered; none otherwise (issue 28). */
  register?: { href: string; label: string } | undefined;
  crumbs: readonly Crumb[];
  /** Above the breadcrumb: the staff preview's notice on a session's page. */
  notice?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const when = event.startsAt && event.endsAt ? formatEventWhen(event.startsAt, event.endsAt) : event.dateText;
  const description = /<[a-z][\s\S]*>/i.test(event.description) ? sanitizeBodyHtml(event.description) : '';
  return (
    <Container className={styles.page}>
      {notice}
      <Breadcrumb items={crumbs} />
      <article className={styles.event} aria-labelledby="event-title">
        <div className={styles.eventText}>
          <p className={styles.eyebrow}>{event.kind === 'program' ? 'Festival programme' : 'Event'}</p>
          <h1 id="event-title" className={styles.title}>
            {event.title}
          </h1>
          <dl className={styles.facts}>
            {when ? (
              <div>
                <dt>When</dt>
                <dd data-testid="event-when">
                  {event.startsAt ? <time dateTime={event.startsAt}>{when}</time> : when}
                  {event.startsAt ? <span className={styles.zone}> (Lagos time, WAT)</span> : null}
                </dd>
              </div>
            ) : null}
            {event.venue ? (
              <div>
                <dt>Where</dt>
                <dd data-testid="event-venue">
                  {event.venue}
                  {event.address && event.address !== event.venue ? <span className={styles.address}>{event.address}</span> : null}
                </dd>
              </div>
            ) : null}
            {event.session && event.session.access.length > 0 ? (
              <div>
                <dt>Access</dt>
                <dd data-testid="event-access">{event.session.access.join('; ')}</dd>
              </div>
            ) : null}
            <div>
              <dt>Entry</dt>
              <dd data-testid="event-entry">{event.session ? (event.session.free ? 'Free with the festival wristband' : 'Needs its own ticket') : 'Free with registration'}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            {register ? <ButtonLink href={register.href}>{register.label}</ButtonLink> : null}
            {children}
          </div>
        </div>
        <ContentImage src={event.image} alt="" fill sizes="(min-width: 900px) 560px, 92vw" ratio="4 / 3" preload className={styles.image} />
        {description ? (
          <div className={styles.description} data-testid="event-description" dangerouslySetInnerHTML={{ __html: description }} />
        ) : event.description ? (
          <p className={styles.description} data-testid="event-description">
            {event.description}
          </p>
        ) : null}
        {event.session && event.session.speakers.length > 0 ? (
          <section className={styles.section} aria-labelledby="event-speakers" data-testid="event-speakers">
            <h2 id="event-speakers" className={styles.sectionTitle}>
              {event.session.speakers.length === 1 ? 'Speaker' : 'Speakers'}
            </h2>
            <ul className={styles.people}>
              {event.session.speakers.map((p) => (
                <li key={p.slug} className={styles.person}>
                  <ContentImage src={p.photo ?? ''} alt="" width={64} height={64} sizes="64px" className={styles.personPhoto} />
                  <span>
                    <Link href={`/speakers/${encodeURIComponent(p.slug)}`}>{p.name}</Link>
                    {p.role ? <span className={styles.address}>{p.role}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </Container>
  );
}
