import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions, FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { TicketStepper } from '@/components/forms/ticket-stepper';
import { FESTIVAL_NAME, TICKETS_MAX, TICKETS_MIN, WRISTBAND_HOURS, formatFestivalDates } from '@/contract/festival';
import { ButtonLink } from '@/components/ui/button';
import { REGISTRATION_WINDOW_MESSAGES, editionName } from '@/contract/edition';
import { EDITION_TEXT, NEWSLETTER_ANCHOR } from '@/contract/edition-text';
import { REGISTER_PAGE_TEXT } from '@/contract/forms/waiting-list-messages';
import { getEditionStatus } from '@/lib/edition';
import { joinWaitingListAction, registerAction } from './actions';
import styles from '@/components/forms/page.module.css';

export const metadata: Metadata = {
  title: 'Register for free tickets',
  description: `Register free for ${FESTIVAL_NAME}: a wristband for the ${WRISTBAND_HOURS}-hour festival.`,
};

export default async function RegisterPage() {
  // Each visit mints its own idempotency key, so this page is rendered per request.
  await connection();
  const status = await getEditionStatus();
  // Issue 28: the page follows the edition. Registration open (also on the festival days while it
  // is): the form. Sold out: the waiting list (built-in backend). Not yet, closed, over: why not.
  if (status.registration === 'open') {
    const { edition } = status;
    // The real maximum: the per-registration limit, or the wristbands left when fewer (issue 43).
    const max = status.remaining === null ? TICKETS_MAX : Math.max(TICKETS_MIN, Math.min(TICKETS_MAX, status.remaining));
    return <RegistrationForm max={max} when={REGISTER_PAGE_TEXT.when(editionName(edition), formatFestivalDates(edition.startDate, edition.endDate), edition.venue)} />;
  }
  if (status.registration === 'sold-out') return status.waitingList ? <WaitingListForm /> : <Notice eyebrow={REGISTER_PAGE_TEXT.soldOutEyebrow} title={REGISTER_PAGE_TEXT.soldOutTitle} lines={[REGISTER_PAGE_TEXT.soldOutNoList]} />;
  if (status.registration === 'not-yet') {
    const opensAt = status.edition.registrationOpensAt;
    return <Notice eyebrow={editionName(status.edition)} title={REGISTER_PAGE_TEXT.notYetTitle} lines={[opensAt ? EDITION_TEXT.opensOn(opensAt) : REGISTER_PAGE_TEXT.notYetNoDate]} newsletter={EDITION_TEXT.reminder} />;
  }
  const over = status.phase === 'after';
  return (
    <Notice
      eyebrow={editionName(status.edition)}
      title={REGISTER_PAGE_TEXT.closedTitle}
      lines={[over ? EDITION_TEXT.after(editionName(status.edition)) : REGISTRATION_WINDOW_MESSAGES.closed]}
      links={over ? [{ href: '/highlights', label: EDITION_TEXT.highlights }] : [{ href: '/programme', label: EDITION_TEXT.programme }, { href: '/visit', label: EDITION_TEXT.visit }]}
      newsletter={over ? EDITION_TEXT.nextYear : undefined}
    />
  );
}

function RegistrationForm({ max, when }: { max: number; when: string }) {
  return (
    <FormPage
      id="register-title"
      eyebrow="Free registration"
      title="Register for the festival"
      intro={
        <>
          <p className={styles.note} data-testid="register-when">
            {when}
          </p>
          <p>
            Registration is free. Each ticket is a wristband for the {WRISTBAND_HOURS}-hour festival: wear it to enter
            every reading, workshop and performance.
          </p>
          <p className={styles.note} data-testid="register-max">
            {REGISTER_PAGE_TEXT.maxTickets(max, TICKETS_MAX)}
          </p>
        </>
      }
    >
      <ActionForm
        action={registerAction}
        form="registration"
        idempotencyKey={crypto.randomUUID()}
        permalink="/register"
        aria-labelledby="register-title"
      >
        <FormRow>
          <Field name="firstName" label="First name" autoComplete="given-name" spellCheck={false} />
          <Field name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} />
        </FormRow>
        <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We send your ticket reference here." />
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
        <TicketStepper label="Number of tickets" hint={`From ${TICKETS_MIN} to ${max}, one wristband each.`} max={max} />
        <FormActions>
          <SubmitButton pendingLabel="Registering…">Register</SubmitButton>
        </FormActions>
      </ActionForm>
      <LostTicket />
    </FormPage>
  );
}

function WaitingListForm() {
  return (
    <FormPage
      id="register-title"
      eyebrow={REGISTER_PAGE_TEXT.soldOutEyebrow}
      title={REGISTER_PAGE_TEXT.soldOutTitle}
      intro={<p>{REGISTER_PAGE_TEXT.waitingListIntro}</p>}
    >
      <ActionForm action={joinWaitingListAction} form="waitingList" idempotencyKey={crypto.randomUUID()} permalink="/register" aria-labelledby="register-title">
        <Field name="name" label="Full name" autoComplete="name" spellCheck={false} />
        <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We email you here when wristbands are free for you." />
        <TicketStepper label={REGISTER_PAGE_TEXT.waitingListNumberLabel} hint={`From ${TICKETS_MIN} to ${TICKETS_MAX}, one wristband each.`} />
        <FormActions>
          <SubmitButton pendingLabel={REGISTER_PAGE_TEXT.waitingListPending}>{REGISTER_PAGE_TEXT.waitingListSubmit}</SubmitButton>
        </FormActions>
      </ActionForm>
      <LostTicket />
    </FormPage>
  );
}

function LostTicket() {
  return (
    <p>
      Registered already and lost your ticket? <Link href="/tickets/resend">Send my ticket again</Link>.
    </p>
  );
}

function Notice({ eyebrow, title, lines, links = [], newsletter }: { eyebrow: string; title: string; lines: string[]; links?: { href: string; label: string }[]; newsletter?: string | undefined }) {
  return (
    <FormPage id="register-title" eyebrow={eyebrow} title={title}>
      <div className={styles.panel} data-testid="registration-notice">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {links.length > 0 || newsletter ? (
        <div className={styles.actions}>
          {links.map((l) => (
            <ButtonLink key={l.href} href={l.href} variant="outline">
              {l.label}
            </ButtonLink>
          ))}
          {newsletter ? (
            <ButtonLink href={`/${NEWSLETTER_ANCHOR}`} variant="outline">
              {newsletter}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </FormPage>
  );
}
