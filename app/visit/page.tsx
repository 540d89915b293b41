import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getVisit } from '@/lib/content';
import { dayLabel } from '@/lib/content/programme';
import { getConfig } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { registrationAction } from '@/contract/edition-text';
import { FESTIVAL_FULL_NAME, FESTIVAL_NAME, formatFestivalDates } from '@/contract/festival';
import { placeJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { pageMetadata } from '@/lib/seo/metadata';
import { geoUri, osmUrl } from '@/lib/venue';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Plan your visit',
    description: `Where ${FESTIVAL_NAME} is, how to get there from Lagos and Ibadan, parking, opening hours, what to bring and venue accessibility.`,
    path: '/visit',
  });
}

/** The festival's days as YYYY-MM-DD, first to last (FESTIVAL_START_DATE..FESTIVAL_END_DATE). */
function festivalDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** /visit (issue 16): where, how to get there, when, what to bring, access, FAQ. Works without JavaScript. */
export default async function VisitPage() {
  const visit = await getVisit();
  const status = await getEditionStatus();
  const { edition, phase } = status;
  const register = registrationAction(status, { registrationUrl: getConfig().registrationUrl });
  const { startDate: festivalStartDate, endDate: festivalEndDate } = edition;
  const { venue } = visit;
  const days = festivalDays(festivalStartDate, festivalEndDate);
  const hours = visit.openingHours.filter((h) => h.day < days.length);
  return (
    <Container className={styles.page}>
      <PreviewNotice page="/visit" />
      <JsonLd data={{ '@context': 'https://schema.org', ...placeJsonLd({ name: venue.name, venue }) }} />
      <SectionHeading
        level={1}
        id="visit-title"
        eyebrow="Plan your visit"
        title="Getting to the festival"
        intro={
          <p>
            {visit.intro} The {FESTIVAL_FULL_NAME} {phase === 'after' ? 'ran' : 'runs'} {formatFestivalDates(festivalStartDate, festivalEndDate)} at{' '}
            {edition.venue}; see{' '}
            <Link href="/programme">the programme by day</Link>.
          </p>
        }
      />

      <section className={styles.section} aria-labelledby="where-title">
        <h2 id="where-title">Where</h2>
        <address className={styles.address} data-testid="venue-address">
          {venue.name}
          <br />
          {venue.streetAddress}
          <br />
          {venue.locality}, {venue.region}
          {venue.postalCode ? ` ${venue.postalCode}` : ''}
          <br />
          Nigeria
        </address>
        <p className={styles.links}>
          <a href={osmUrl(venue)} rel="noopener">
            Open the map on OpenStreetMap
          </a>
          <a href={geoUri(venue)}>Open in your phone’s maps app</a>
        </p>
        <p className={styles.muted}>The map opens on openstreetmap.org; we embed no map here, so nothing is loaded from another site.</p>
      </section>

      <section className={styles.section} aria-labelledby="directions-title">
        <h2 id="directions-title">How to get here</h2>
        <ul className={styles.cards}>
          {visit.directions.map((d) => (
            <li key={d.title} className={styles.card}>
              <h3>{d.title}</h3>
              <p>{d.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="parking-title">
        <h2 id="parking-title">Parking</h2>
        <div className={styles.prose}>
          <p>{visit.parking}</p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="hours-title">
        <h2 id="hours-title">Opening hours</h2>
        <ul className={styles.hours} data-testid="opening-hours">
          {hours.map((h) => {
            const date = days[h.day]!;
            return (
              <li key={h.day}>
                <strong>
                  <time dateTime={date}>{dayLabel(date)}</time>
                </strong>
                : gates open <time dateTime={`${date}T${h.opens}+01:00`}>{h.opens}</time>, close{' '}
                <time dateTime={`${date}T${h.closes}+01:00`}>{h.closes}</time> (Lagos time)
                {h.note ? <span className={styles.muted}>. {h.note}</span> : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="bring-title">
        <h2 id="bring-title">What to bring</h2>
        <div className={styles.prose}>
          <ul>
            {visit.bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {register ? (
            <p>
              Not registered yet?{' '}
              <Link href={register.href}>{register.kind === 'register' ? 'Register for your free wristband' : 'Join the waiting list for a wristband'}</Link>.
            </p>
          ) : null}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="access-title">
        <h2 id="access-title">Accessibility</h2>
        <ul className={styles.cards}>
          {visit.accessibility.map((a) => (
            <li key={a.title} className={styles.card}>
              <h3>{a.title}</h3>
              <p>{a.body}</p>
            </li>
          ))}
        </ul>
        <p>
          Questions about access? <Link href="/contact">Contact us</Link> before you come.
        </p>
      </section>

      {visit.faq.length > 0 ? (
        <section className={styles.section} aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <div className={styles.faq}>
            {visit.faq.map((q, i) => (
              <details key={i}>
                <summary>{q.question}</summary>
                <p>{q.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </Container>
  );
}
