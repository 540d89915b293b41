import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import styles from '@/app/about/about.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getConfig } from '@/lib/config';
import { getVolunteerBenefits, getVolunteerRoles } from '@/lib/content';
import { FESTIVAL_NAME } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Volunteer',
    description: `Volunteer with ${FESTIVAL_NAME}: six roles at the festival and in our Reading Rooms, what each asks of you, and what you get back.`,
    path: '/volunteer',
    image: { url: '/images/content/event-annual-festival.webp', alt: `${FESTIVAL_NAME} volunteers` },
  });
}

/** Spec §2 /volunteer: six roles, six benefits and the application link (external form or /volunteer/apply). */
export default async function VolunteerPage() {
  const [roles, benefits] = await Promise.all([getVolunteerRoles(), getVolunteerBenefits()]);
  const { volunteerApplyUrl } = getConfig();
  return (
    <Container className={styles.page}>
      <PreviewNotice page="/volunteer" />
      <SectionHeading
        level={1}
        eyebrow="Get involved"
        title="Volunteer with us"
        intro={
          <>
            <p>The festival runs on the time and talent of volunteers. Choose a role that fits you and apply in a few minutes.</p>
            <ButtonLink href={volunteerApplyUrl}>Apply to Volunteer</ButtonLink>
          </>
        }
      />

      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading" className={styles.sectionTitle}>
          Volunteer roles
        </h2>
        <ul className={styles.list} data-testid="volunteer-roles">
          {roles.map((role) => (
            <li key={role.id} className={styles.card}>
              <h3>{role.title}</h3>
              <p>{role.description}</p>
              <p className={styles.label}>Skills</p>
              <ul className={styles.skills} aria-label={`Skills for ${role.title}`}>
                {role.skills.map((skill) => (
                  <li key={skill}>{skill}</li>
                ))}
              </ul>
              <p>
                <span className={styles.label}>Commitment: </span>
                {role.commitment}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className={styles.sectionTitle}>
          Why volunteer
        </h2>
        <ul className={styles.list} data-testid="volunteer-benefits">
          {benefits.map((b) => (
            <li key={b.title} className={styles.card}>
              <h3>{b.title}</h3>
              <p>{b.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="apply-heading">
        <h2 id="apply-heading">Ready to help?</h2>
        <p>Tell us which role suits you and when you are free. We reply to every application.</p>
        <div className={styles.actions}>
          <ButtonLink href={volunteerApplyUrl} variant="light">
            Apply to Volunteer
          </ButtonLink>
        </div>
      </section>
    </Container>
  );
}
