import Link from 'next/link';
import { getEditionStatus } from '@/lib/edition';
import { registrationAction } from '@/contract/edition-text';
import { FESTIVAL_ADDRESS } from '@/contract/fallbacks/event-details';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { ContentImage } from '@/components/ui/content-image';
import { getConfig } from '@/lib/config';
import { getEventDetail, getVisit } from '@/lib/content';
import { formatFestivalDates } from '@/contract/festival';
import { htmlToText } from '@/contract/html/sanitize';
import { eventJsonLd, festivalJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { pageMetadata } from '@/lib/seo/metadata';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { CATEGORY_COPY, type CategorySlug } from './category-copy';
import { formatEventWhen } from './event-when';
import { NEXT_UP_TEXT, nextUp } from './next-up';
import styles from './events.module.css';

const FALLBACK_IMAGE: Record<CategorySlug, string> = {
  'annual-festival': '/images/content/event-annual-festival.webp',
  'bi-monthly': '/images/content/event-bi-monthly.webp',
  'literacy-libraries': '/images/content/event-literacy-libraries.webp',
  'creative-economy': '/images/content/event-creative-economy.webp',
};

export async function categoryMetadata(slug: CategorySlug) {
  const copy = CATEGORY_COPY[slug];
  const image = (await getEventDetail(slug))?.image ?? FALLBACK_IMAGE[slug];
  return pageMetadata({ title: copy.eyebrow, description: copy.description, path: `/${slug}`, image: { url: image, alt: copy.title } });
}

/**
 * One of the four strand pages (/annual-festival, /bi-monthly, /literacy-libraries,
 * /creative-economy). These slugs are also the home page's event links (/{slug}), so the page
 * carries the event's date, place and description as well as what the strand is.
 */
export async function CategoryPage({ slug }: { slug: CategorySlug }) {
  const copy = CATEGORY_COPY[slug];
  const config = getConfig();
  const detail = await getEventDetail(slug);
  const image = detail?.image ?? FALLBACK_IMAGE[slug];
  const isFestival = slug === 'annual-festival';
  // The festival and the sessions at its venue carry the venue's full address and pin (/visit).
  const venue = isFestival || detail?.address === FESTIVAL_ADDRESS ? (await getVisit()).venue : undefined;
  const status = await getEditionStatus();
  const { edition } = status;
  const festivalDates = formatFestivalDates(edition.startDate, edition.endDate);
  // The event's dates still to come at the edition's clock (issue 40). Pages render per request
  // (app/layout.tsx), so a date drops out of "Next up" on the first view after it has passed.
  const [next] = detail && !isFestival ? nextUp([detail], new Date(status.now)) : [];
  // Register (or the waiting list) only while the edition's phase offers it (issue 28).
  const register = registrationAction(status, { registrationUrl: config.registrationUrl });
  const jsonLd = isFestival
    ? festivalJsonLd({
        startDate: edition.startDate,
        endDate: edition.endDate,
        venueName: edition.venue,
        registration: status.registration,
        registrationOpensAt: edition.registrationOpensAt,
        description: copy.description,
        image,
        registrationUrl: config.registrationUrl,
        place: venue,
      })
    : detail
      ? eventJsonLd({
          name: detail.title,
          path: `/${slug}`,
          startsAt: detail.startsAt,
          endsAt: detail.endsAt,
          venue: detail.venue,
          address: detail.address,
          place: venue,
          description: htmlToText(detail.description),
          image,
          registrationUrl: config.registrationUrl,
        })
      : undefined;

  return (
    <Container className={styles.page}>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <section className={styles.hero} aria-labelledby="category-title">
        <div className={styles.eventText}>
          <p className={styles.eyebrow}>{copy.eyebrow}</p>
          <h1 id="category-title" className={styles.title}>
            {copy.title}
          </h1>
          <p className={styles.lead}>{copy.description}</p>
          {isFestival ? (
            <p className={styles.lead}>
              <strong>{festivalDates}</strong>
            </p>
          ) : null}
          <div className={styles.actions}>
            {register ? <ButtonLink href={register.href}>{register.label}</ButtonLink> : null}
            <ButtonLink href="/volunteer" variant={register ? 'outline' : undefined}>
              Volunteer
            </ButtonLink>
          </div>
          {isFestival ? (
            <p className={styles.lead}>
              <Link href="/programme">The programme by day</Link> · <Link href="/visit">Getting there and accessibility</Link>
            </p>
          ) : null}
        </div>
        <ContentImage src={image} alt="" fill sizes="(min-width: 900px) 560px, 92vw" ratio="4 / 3" preload className={styles.image} />
      </section>

      <section className={styles.section} aria-labelledby="what-heading">
        <h2 id="what-heading" className={styles.sectionTitle}>
          What it is
        </h2>
        {copy.whatItIs.map((p) => (
          <p key={p.slice(0, 24)} className={styles.description}>
            {p}
          </p>
        ))}
        <ul className={styles.points}>
          {copy.points.map((point) => (
            <li key={point} className={styles.point}>
              {point}
            </li>
          ))}
        </ul>
      </section>

      {detail && isFestival ? (
        <section className={styles.next} aria-labelledby="next-heading">
          <h2 id="next-heading" className={styles.nextTitle}>
            {status.phase === 'after' ? 'Most recently' : 'This year'}: {detail.title}
          </h2>
          <p data-testid="event-when">
            <time dateTime={detail.startsAt}>{festivalDates}</time>
          </p>
          <p data-testid="event-venue">
            {detail.venue}
            {detail.address !== detail.venue ? ` — ${detail.address}` : ''}
          </p>
          <p>{htmlToText(detail.description)}</p>
          <p>
            <a href={FESTIVAL_ICS_PATH}>Add the festival dates to your calendar (.ics)</a>
          </p>
        </section>
      ) : null}
      {detail && !isFestival ? (
        <section className={styles.next} aria-labelledby="next-heading">
          {next ? (
            <>
              <h2 id="next-heading" className={styles.nextTitle}>
                {NEXT_UP_TEXT.heading}: {next.title}
              </h2>
              <p data-testid="event-when">
                <time dateTime={next.startsAt}>{formatEventWhen(next.startsAt, next.endsAt)}</time> (Lagos time, WAT)
              </p>
              <p data-testid="event-venue">
                {next.venue}
                {next.address !== next.venue ? ` — ${next.address}` : ''}
              </p>
              <p>{htmlToText(next.description)}</p>
            </>
          ) : (
            <>
              <h2 id="next-heading" className={styles.nextTitle}>
                {NEXT_UP_TEXT.heading}
              </h2>
              <p data-testid="next-up-none">
                {NEXT_UP_TEXT.none} <a href="#newsletter">{NEXT_UP_TEXT.newsletter}</a>
              </p>
            </>
          )}
        </section>
      ) : null}
    </Container>
  );
}
