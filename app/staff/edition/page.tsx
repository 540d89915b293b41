import type { Metadata } from 'next';
import { EditionForm } from '@/components/staff/edition-form';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import { PHASE_WORDS, editionFormValues } from '@/contract/api/edition-admin';
import { editionDates, editionName, formatInstant } from '@/contract/edition';
import { ordinalNumber } from '@/contract/edition-copy';
import { loadEditionAdmin } from '@/lib/staff/admin';
import { STAFF_TEXT, formatCount, formatLagos } from '@/lib/staff/messages';
import { staffPage } from '@/lib/staff/action';
import { editionAction, editionResetAction } from './actions';

export const metadata: Metadata = { title: 'Edition', robots: { index: false, follow: false } };

type Search = Promise<{ saved?: string | string[]; reset?: string | string[] }>;

/**
 * The festival's edition (issue 28), admins only (checked here): what is in force, its phase in
 * words and where the values come from, and the form that changes them.
 */
export default staffPage({ role: 'admin', page: '/staff/edition' }, async function EditionPage(staff, { searchParams }: { searchParams: Search }) {
  const { saved, reset } = await searchParams;
  const loaded = await loadEditionAdmin();
  return (
    <StaffShell staff={staff} current="/staff/edition" title={STAFF_TEXT.editionTitle}>
      {loaded.kind === 'ok' ? (
        <>
          {saved === '1' || saved === 'reset' ? (
            <div className={styles.success} role="status" data-testid="edition-saved">
              <p>{saved === 'reset' ? STAFF_TEXT.editionReset : STAFF_TEXT.editionSaved}</p>
            </div>
          ) : null}
          {reset === 'refused' || reset === 'failed' ? (
            <p className={styles.error} role="alert" data-testid="edition-reset-refused">
              {reset === 'refused' ? STAFF_TEXT.editionResetRefused : STAFF_TEXT.actionFailed}
            </p>
          ) : null}
          <InForce data={loaded.data} />
          <p className={styles.muted}>{STAFF_TEXT.editionMoves}</p>
          <EditionForm action={editionAction} initial={editionFormValues(loaded.data.status.edition)} />
          {loaded.data.source === 'staff' ? (
            <form action={editionResetAction} className={styles.form} aria-labelledby="edition-reset-title">
              <h2 id="edition-reset-title">Back to the configuration</h2>
              <p className={styles.muted}>{STAFF_TEXT.editionResetHint}</p>
              <div>
                <button type="submit" className={styles.button}>
                  Use the configured edition
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : (
        <p className={loaded.kind === 'unavailable' ? styles.notice : styles.error}>
          {loaded.kind === 'unavailable' ? STAFF_TEXT.editionUnavailable : STAFF_TEXT.loadFailed}
        </p>
      )}
    </StaffShell>
  );
});

function InForce({ data }: { data: Extract<Awaited<ReturnType<typeof loadEditionAdmin>>, { kind: 'ok' }>['data'] }) {
  const { edition, phase, remaining } = data.status;
  return (
    <section className={styles.section} aria-labelledby="in-force-title">
      <h2 id="in-force-title">In force now: {editionName(edition)}</h2>
      <dl className={styles.facts} data-testid="edition-in-force">
        <dt>Phase</dt>
        <dd data-testid="edition-phase" data-phase={phase}>
          {PHASE_WORDS[phase]}
        </dd>
        <dt>Dates</dt>
        <dd>{editionDates(edition)}</dd>
        <dt>Name</dt>
        <dd data-testid="edition-name">{edition.name}</dd>
        <dt>Edition number</dt>
        <dd data-testid="edition-number">{ordinalNumber(edition.number)}</dd>
        <dt>Venue</dt>
        <dd>{edition.venue}</dd>
        <dt>Wristbands</dt>
        <dd>
          {formatCount(data.placesTaken)} taken
          {edition.capacity === null ? ' (no limit)' : ` of ${formatCount(edition.capacity)}; ${formatCount(remaining ?? 0)} free`}
        </dd>
        <dt>Registration</dt>
        <dd>
          {edition.registrationOpensAt ? `Opens ${formatInstant(edition.registrationOpensAt)}` : 'Open now'}; closes {formatInstant(edition.registrationClosesAt)} (Lagos time)
        </dd>
      </dl>
      <p className={styles.muted} data-testid="edition-source">
        {data.source === 'staff' && data.updatedAt ? STAFF_TEXT.editionFromStaff(data.updatedBy ?? 'staff', formatLagos(data.updatedAt)) : STAFF_TEXT.editionFromConfiguration}
      </p>
    </section>
  );
}
