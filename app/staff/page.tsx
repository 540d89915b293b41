import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import type { Dashboard } from '@/contract/api/admin';
import { GateDuplicates } from '@/components/staff/gate-duplicates';
import type { CheckInCounts } from '@/contract/api/tickets';
import { loadCheckInCounts, loadDashboard } from '@/lib/staff/admin';
import { EXPORT_LABELS, PUBLISHING_OFF_MESSAGE, STAFF_TEXT, formatCount, formatKobo, formatLagos, formatLagosShort } from '@/lib/staff/messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { editionName } from '@/contract/edition';
import Link from 'next/link';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { WAITING_LIST_TEXT } from '@/lib/staff/waiting-list-messages';

export const metadata: Metadata = { title: 'Staff dashboard', robots: { index: false, follow: false } };

const EXPORT_KINDS = Object.keys(EXPORT_LABELS) as (keyof typeof EXPORT_LABELS)[];

/**
 * The organisers' overview: figures from the database, the latest submissions, and for admins the
 * CSV exports (issue 32: the files hold donors' addresses and phones; the backend refuses them to
 * other roles and audits every download).
 */
export default staffPage({ role: 'staff', page: '/staff' }, async function StaffDashboard(staff) {
  const dashboard = await loadDashboard();
  const counts = dashboard.kind === 'unavailable' ? await loadCheckInCounts() : undefined;
  return (
    <StaffShell staff={staff} current="/staff" title={STAFF_TEXT.dashboardTitle} width="wide">
      {capabilities().publishing ? null : <p className={styles.notice}>{PUBLISHING_OFF_MESSAGE}</p>}
      {dashboard.kind === 'ok' ? <Figures d={dashboard.data} inbox={capabilities().inbox} /> : null}
      {dashboard.kind === 'unavailable' ? (
        <>
          <p className={styles.notice} data-testid="dashboard-unavailable">
            {STAFF_TEXT.dashboardUnavailable}
          </p>
          {counts?.kind === 'ok' ? <GateFigures counts={counts.data} /> : <p className={styles.muted}>{STAFF_TEXT.countsUnavailable}</p>}
        </>
      ) : null}
      {dashboard.kind === 'failed' ? <p className={styles.error}>{STAFF_TEXT.dashboardFailed}</p> : null}
      {staff.role === 'admin' ? (
        <section className={styles.section} aria-labelledby="exports-title">
          <h2 id="exports-title">Download as CSV</h2>
          <p className={styles.muted}>{STAFF_TEXT.exportsIntro}</p>
          <ul className={styles.exports}>
            {EXPORT_KINDS.map((kind) => (
              <li key={kind}>
                <a className={styles.buttonLink} href={`/staff/export/${kind}`} download>
                  {EXPORT_LABELS[kind]} (CSV)
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </StaffShell>
  );
});

function Figure({ id, label, value, detail, children }: { id: string; label: string; value: string; detail?: string; children?: ReactNode }) {
  return (
    <div className={styles.figure} data-testid={`figure-${id}`}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.value}>{value}</span>
        {detail ? <small>{detail}</small> : null}
        {children}
      </dd>
    </div>
  );
}

function GateFigures({ counts }: { counts: CheckInCounts }) {
  return (
    <dl className={styles.figures}>
      <Figure id="registrations" label="Registrations" value={formatCount(counts.registrations)} detail={`${formatCount(counts.wristbands)} wristbands`} />
      <Figure id="checked-in" label="Wristbands checked in" value={formatCount(counts.checkedInWristbands)} detail={`${formatCount(counts.checkedInRegistrations)} of ${formatCount(counts.registrations)} registrations`} />
    </dl>
  );
}

function Figures({ d, inbox }: { d: Dashboard; inbox: boolean }) {
  const r = d.registrations;
  const capacity = r.capacity;
  return (
    <>
      {inbox && d.inbox.overdue > 0 ? (
        <p className={styles.warning} data-testid="inbox-overdue-warning">
          {INBOX_TEXT.dashboardOverdue(d.inbox.overdue)}.{' '}
          <Link href="/staff/inbox?overdue=1" prefetch={false}>
            {INBOX_TEXT.dashboardOverdueLink}
          </Link>
        </p>
      ) : null}
      {d.mail.failed > 0 || d.mail.overdue > 0 ? (
        <p className={styles.warning} data-testid="mail-warning">
          {STAFF_TEXT.mailWarning(d.mail.failed, d.mail.overdue)}
        </p>
      ) : null}
      {d.mail.heldBack > 0 ? (
        <p className={styles.notice} data-testid="mail-held-back">
          {STAFF_TEXT.mailHeldBack(d.mail.heldBack)}
        </p>
      ) : null}
      <section className={styles.section} aria-labelledby="figures-title">
        <h2 id="figures-title">At a glance</h2>
        {d.edition ? <p className={styles.muted}>{STAFF_TEXT.editionFigures(editionName({ startDate: d.edition }))}</p> : null}
        <dl className={styles.figures}>
          <Figure id="registrations" label="Registrations" value={formatCount(r.count)} />
          <Figure
            id="wristbands"
            label="Wristbands"
            value={capacity === null ? formatCount(r.wristbands) : `${formatCount(r.wristbands)} of ${formatCount(capacity)}`}
            detail={capacity === null ? STAFF_TEXT.capacityUnlimited : `${formatCount(Math.max(0, capacity - r.wristbands))} left`}
          >
            {capacity ? (
              <meter className={styles.meter} min={0} max={capacity} value={Math.min(r.wristbands, capacity)} aria-label="Wristbands issued against capacity" />
            ) : null}
          </Figure>
          <Figure id="checked-in" label="Wristbands checked in" value={formatCount(r.checkedInWristbands)} detail={`${formatCount(r.checkedInRegistrations)} of ${formatCount(r.count)} registrations`} />
          <Figure
            id="given-back"
            label="Given back"
            value={formatCount(d.givenBack.registrations)}
            detail={`${formatCount(d.givenBack.wristbands)} wristband${d.givenBack.wristbands === 1 ? '' : 's'} returned to the pool`}
          />
          <Figure
            id="waiting-list"
            label="Waiting list"
            value={formatCount(d.waitingList.waiting)}
            detail={`${formatCount(d.waitingList.wristbandsWaiting)} wristbands asked for; ${formatCount(d.waitingList.offered)} offer${d.waitingList.offered === 1 ? '' : 's'} open`}
          >
            <Link className={styles.figureLink} href="/staff/waiting-list" prefetch={false}>
              {WAITING_LIST_TEXT.dashboardLink}
            </Link>
          </Figure>
          <Figure
            id="donations"
            label="Donations"
            value={formatKobo(d.donations.totalKobo)}
            detail={`${formatCount(d.donations.count)} successful; ${formatCount(d.donations.pending)} waiting for payment${d.donations.review ? `; ${formatCount(d.donations.review)} to review` : ''}`}
          />
          {inbox ? (
            <Figure id="inbox" label={INBOX_TEXT.dashboardFigure} value={INBOX_TEXT.dashboardNew(d.inbox.new)} detail={INBOX_TEXT.dashboardOverdue(d.inbox.overdue)}>
              <Link className={styles.figureLink} href={d.inbox.overdue > 0 ? '/staff/inbox?overdue=1' : '/staff/inbox?status=new'} prefetch={false}>
                {d.inbox.overdue > 0 ? INBOX_TEXT.dashboardOverdueLink : INBOX_TEXT.dashboardNewLink}
              </Link>
            </Figure>
          ) : null}
          <Figure id="partnerships" label="Partnership requests" value={formatCount(d.partnerships)} />
          <Figure id="volunteers" label="Volunteer applications" value={formatCount(d.volunteers)} />
          <Figure id="newsletter" label="Newsletter subscribers" value={formatCount(d.newsletter)} detail={`${formatCount(d.newsletterUnconfirmed)} waiting to confirm`} />
          <Figure id="contact" label="Contact messages" value={formatCount(d.contact)} />
          <Figure id="mail" label="Mail waiting" value={formatCount(d.mail.pending)} detail={`${formatCount(d.mail.failed)} failed`} />
        </dl>
        <p className={styles.muted}>As of {formatLagos(d.generatedAt)} (Lagos time).</p>
      </section>
      {d.duplicates.length > 0 ? <GateDuplicates duplicates={d.duplicates} /> : null}
      <section className={styles.section} aria-labelledby="recent-title">
        <h2 id="recent-title">Latest submissions</h2>
        <div className={styles.recentGrid}>
          <Recent
            id="registrations"
            note="Ticket ×wristbands; “in”: checked in at the gate; “given back”: the visitor cannot come."
            caption="Registrations"
            head={['Name', 'Ticket', 'When']}
            rows={d.recent.registrations.map((x) => [x.name, `${x.reference} ×${x.wristbands}${x.checkedIn ? ', in' : ''}${x.givenBack ? ', given back' : ''}`, formatLagosShort(x.at)])}
          />
          <Recent id="donations" caption="Donations" head={['Name', 'Amount', 'When']} rows={d.recent.donations.map((x) => [x.name, formatKobo(x.amountKobo), formatLagosShort(x.at)])} />
          <Recent
            id="unpaid-donations"
            caption="Donations not paid yet"
            note="Waiting: Paystack has not confirmed a payment (a transfer can take a while). Review: Paystack reports another amount paid; check it in Paystack's dashboard."
            head={['Name', 'Amount', 'State', 'When']}
            rows={d.recent.unpaidDonations.map((x) => [x.name, formatKobo(x.amountKobo), x.status === 'review' ? 'Review' : 'Waiting', formatLagosShort(x.at)])}
          />
          <Recent
            id="partnerships"
            caption="Partnership requests"
            head={['Name', 'Organisation', 'When']}
            rows={d.recent.partnerships.map((x) => [x.name, x.organization ?? '—', formatLagosShort(x.at)])}
          />
          <Recent id="volunteers" caption="Volunteer applications" head={['Name', 'Availability', 'When']} rows={d.recent.volunteers.map((x) => [x.name, x.availability, formatLagosShort(x.at)])} />
          <Recent id="newsletter" caption="Newsletter subscribers" head={['Email', 'When']} rows={d.recent.newsletter.map((x) => [x.email, formatLagosShort(x.at)])} />
          <Recent id="contact" caption="Contact messages" head={['Name', 'Topic', 'When']} rows={d.recent.contact.map((x) => [x.name, x.topic, formatLagosShort(x.at)])} />
        </div>
      </section>
    </>
  );
}

/** A small table in its own sideways-scrolling box (keyboard-reachable, named by its caption). */
function Recent({ id, caption, note, head, rows }: { id: string; caption: string; note?: string; head: string[]; rows: string[][] }) {
  const captionId = `recent-${id}`;
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0} data-testid={`recent-${id}`}>
      {/* Stacked on a phone (each cell on its line, labelled): no column, When included, is cut off at 390 px (issue 43). */}
      <table className={`${styles.table} ${styles.stacked}`}>
        <caption id={captionId}>
          {caption}
          {note ? <small className={styles.captionNote}>{note}</small> : null}
        </caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={styles.muted}>
                {STAFF_TEXT.nothingYet}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j} data-label={head[j]} className={j === row.length - 1 || head[j] === 'Ticket' || head[j] === 'Amount' ? styles.nowrap : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
