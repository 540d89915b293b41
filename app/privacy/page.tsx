import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getPrivacy } from '@/lib/content';
import { FESTIVAL_NAME, formatDate } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Privacy notice',
    description: `What ${FESTIVAL_NAME} does with your personal data, why, for how long, and your rights under the Nigeria Data Protection Act 2023.`,
    path: '/privacy',
  });
}

/** /privacy (issue 16): the NDPA 2023 privacy notice, in plain English. */
export default async function PrivacyPage() {
  const privacy = await getPrivacy();
  const { controller } = privacy;
  return (
    <Container width="narrow" className={styles.page}>
      <PreviewNotice page="/privacy" />
      <SectionHeading
        level={1}
        id="privacy-title"
        eyebrow="Privacy notice"
        title="Your data, in plain English"
        intro={
          <>
            {privacy.note ? (
              <p className={styles.muted} data-testid="privacy-note">
                {privacy.note}
              </p>
            ) : null}
            <p>{privacy.summary}</p>
            <p className={styles.muted}>
              Last updated <time dateTime={privacy.updated}>{formatDate(privacy.updated)}</time>. This notice is given under
              the Nigeria Data Protection Act 2023 (NDPA).
            </p>
          </>
        }
      />
      <nav aria-labelledby="privacy-contents" className={styles.section}>
        <h2 id="privacy-contents">Contents</h2>
        <ul className={styles.links}>
          <li>
            <a href="#what-we-collect">What we collect and why</a>
          </li>
          {privacy.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#contact-us">Contact us</a>
          </li>
        </ul>
      </nav>

      <section className={styles.section} aria-labelledby="what-we-collect">
        <h2 id="what-we-collect">What we collect and why</h2>
        <p className={styles.prose}>Each form asks only for what it needs. For each one:</p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">What each form collects, why, the lawful basis and how long it is kept</caption>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col">What we collect</th>
                <th scope="col">Why</th>
                <th scope="col">Lawful basis</th>
                <th scope="col">How long we keep it</th>
              </tr>
            </thead>
            <tbody>
              {privacy.forms.map((f) => (
                <tr key={f.form}>
                  <th scope="row" data-label="Form">
                    {f.form}
                  </th>
                  <td data-label="What we collect">{f.collects}</td>
                  <td data-label="Why">{f.purpose}</td>
                  <td data-label="Lawful basis">{f.lawfulBasis}</td>
                  <td data-label="How long we keep it">{f.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {privacy.sections.map((s) => (
        <section key={s.id} className={styles.section} aria-labelledby={s.id}>
          <h2 id={s.id}>{s.title}</h2>
          <div className={styles.prose}>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
            {s.items ? (
              <ul>
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      ))}

      <section className={styles.section} aria-labelledby="contact-us">
        <h2 id="contact-us">Contact us</h2>
        <div className={styles.prose}>
          <p>The data controller is {controller.name}.</p>
          <address className={styles.address}>{controller.address}</address>
          <p>
            Privacy email:{' '}
            <a href={`mailto:${controller.email}`} className={styles.inlineLink}>
              {controller.email}
            </a>
          </p>
          <p>
            Or use the <Link href="/contact">contact form</Link> and choose “My personal data”.
          </p>
        </div>
      </section>
    </Container>
  );
}
