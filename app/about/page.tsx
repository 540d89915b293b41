import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getConfig } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { registrationAction } from '@/contract/edition-text';
import { ContentImage } from '@/components/ui/content-image';
import { getAbout, getPartners } from '@/lib/content';
import { PARTNER_TIERS } from '@/contract/content/kinds';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { EXAMPLE_TEAM_TEXT, isExampleTeamName } from '@/contract/fallbacks/about';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { pageMetadata } from '@/lib/seo/metadata';
import styles from './about.module.css';


export async function generateMetadata(): Promise<Metadata> {
  const about = await getAbout();
  // The story's first year from the timeline itself, so the summary never dates it on its own.
  const since = about.timeline.length > 0 ? ` since ${Math.min(...about.timeline.map((t) => t.year))}` : '';
  return pageMetadata({
    title: 'About',
    description: `${FESTIVAL_FULL_NAME}: our mission, our story${since} and the team behind the festival. ${about.mission}`,
    path: '/about',
    image: { url: '/images/content/hero.webp', alt: FESTIVAL_FULL_NAME },
  });
}

/** Spec §2 /about: mission, vision, statistics, timeline 2021–2025, the team of ten, register and donate. */
export default async function AboutPage() {
  const [about, partners] = await Promise.all([getAbout(), getPartners()]);
  const { registrationUrl } = getConfig();
  // Register only while the edition's phase offers it (issue 28).
  const register = registrationAction(await getEditionStatus(), { registrationUrl });
  return (
    <Container className={styles.page}>
      <JsonLd data={organizationJsonLd()} />
      <PreviewNotice page="/about" />
      <SectionHeading
        level={1}
        eyebrow="About us"
        title={`About ${FESTIVAL_FULL_NAME}`}
        intro={<p>A festival of books, stories and the arts, grown from a reading circle in Abeokuta.</p>}
      />

      <div className={styles.twoCol}>
        <section className={styles.panel} aria-labelledby="mission-heading">
          <h2 id="mission-heading">Our Mission</h2>
          <p>{about.mission}</p>
        </section>
        <section className={styles.panel} aria-labelledby="vision-heading">
          <h2 id="vision-heading">Our Vision</h2>
          <p>{about.vision}</p>
        </section>
      </div>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className={styles.sectionTitle}>
          Our impact so far
        </h2>
        <dl className={styles.stats} data-testid="about-stats">
          {about.statistics.map((s, i) => (
            <div key={i} className={styles.stat}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className={styles.sectionTitle}>
          Our story
        </h2>
        <ol className={styles.timeline} data-testid="about-timeline">
          {about.timeline.map((t, i) => (
            <li key={i} className={styles.timelineItem}>
              <span className={styles.year}>{t.year}</span>
              <h3>{t.title}</h3>
              <p>{t.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-heading">
        <h2 id="team-heading" className={styles.sectionTitle}>
          Meet the team
        </h2>
        {about.team.some((m) => isExampleTeamName(m.name)) ? <p data-testid="about-team-note">{EXAMPLE_TEAM_TEXT.note}</p> : null}
        <ul className={styles.team} data-testid="about-team">
          {about.team.map((m, i) => (
            <li key={i} className={styles.member}>
              {m.photo ? <ContentImage src={m.photo} alt="" width={96} height={96} className={styles.photo} /> : null}
              <h3>{m.name}</h3>
              <p className={styles.role}>{m.role}</p>
              {isExampleTeamName(m.name) ? <p data-testid="about-example-name">{EXAMPLE_TEAM_TEXT.mark}</p> : null}
              {m.bio ? <p>{m.bio}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      {partners.length > 0 ? (
        <section aria-labelledby="partners-heading">
          <h2 id="partners-heading" className={styles.sectionTitle}>
            Partners and sponsors
          </h2>
          <ul className={styles.partners} data-testid="about-partners">
            {partners.map((p, i) => (
              <li key={i} className={styles.partner}>
                {p.logo ? <ContentImage src={p.logo} alt="" width={120} height={60} className={styles.logo} /> : null}
                <span>{p.url ? <a href={p.url} rel="noopener">{p.name}</a> : p.name}</span>
                <span className={styles.tier}>{PARTNER_TIERS.find((t) => t.value === p.tier)?.label}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={styles.cta} aria-labelledby="join-heading">
        <h2 id="join-heading">Be part of the story</h2>
        <p>Registration is free. Gifts of any size keep the festival free for everyone.</p>
        <div className={styles.actions}>
          {register ? (
            <ButtonLink href={register.href} variant="light">
              {register.label}
            </ButtonLink>
          ) : null}
          <ButtonLink href="/donations" variant={register ? 'outline' : 'light'}>
            Donate
          </ButtonLink>
        </div>
      </section>
    </Container>
  );
}
