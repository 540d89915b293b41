import type { Metadata } from 'next';
import { RedirectForm } from '@/components/staff/redirect-form';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import type { WaitingListRow, WaitingListView } from '@/contract/api/waiting-list';
import { staffPage } from '@/lib/staff/action';
import { loadWaitingList } from '@/lib/staff/admin';
import { STAFF_TEXT, formatLagosShort } from '@/lib/staff/messages';
import { WAITING_LIST_TEXT, stateWords, type WaitingListDone, type WaitingListRefused } from '@/lib/staff/waiting-list-messages';
import { offerByHandAction, withdrawOfferAction } from './actions';

export const metadata: Metadata = { title: 'Waiting list', robots: { index: false, follow: false } };

type Search = Promise<{ done?: string | string[]; refused?: string | string[] }>;

const PAGE = '/staff/waiting-list';
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const isDone = (v: string | undefined): v is WaitingListDone => v !== undefined && Object.hasOwn(WAITING_LIST_TEXT.done, v);
const isRefused = (v: string | undefined): v is WaitingListRefused => v !== undefined && Object.hasOwn(WAITING_LIST_TEXT.refused, v);

/**
 * The current edition's waiting list (issue 43), linked from the dashboard: every staff member sees
 * it in order; admins make an offer by hand or withdraw an open one (plain forms, with or without
 * JavaScript) and download it as CSV (audited by the backend, like every export).
 */
export default staffPage({ role: 'staff', page: PAGE }, async function WaitingListPage(staff, { searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const done = one(search.done);
  const refused = one(search.refused);
  const loaded = await loadWaitingList();
  const admin = staff.role === 'admin';
  return (
    <StaffShell staff={staff} current="/staff" title={WAITING_LIST_TEXT.title} width="wide">
      {isDone(done) ? (
        <div className={styles.success} role="status" data-testid="waiting-list-done">
          <p>{WAITING_LIST_TEXT.done[done]}</p>
        </div>
      ) : null}
      {isRefused(refused) ? (
        <p className={styles.error} role="alert" data-testid="waiting-list-refused">
          {WAITING_LIST_TEXT.refused[refused]}
        </p>
      ) : null}
      <p className={styles.muted}>{WAITING_LIST_TEXT.intro}</p>
      <p className={styles.muted}>{admin ? WAITING_LIST_TEXT.adminHint : WAITING_LIST_TEXT.staffHint}</p>
      {loaded.kind === 'ok' ? <List view={loaded.data} admin={admin} /> : null}
      {loaded.kind === 'unavailable' ? <p className={styles.notice}>{WAITING_LIST_TEXT.unavailable}</p> : null}
      {loaded.kind === 'failed' ? <p className={styles.error}>{STAFF_TEXT.loadFailed}</p> : null}
      {admin ? (
        <p>
          <a className={styles.buttonLink} href="/staff/export/waiting-list" download data-testid="waiting-list-export">
            {WAITING_LIST_TEXT.export}
          </a>
        </p>
      ) : null}
    </StaffShell>
  );
});

function List({ view, admin }: { view: WaitingListView; admin: boolean }) {
  const head = admin ? [...WAITING_LIST_TEXT.head, WAITING_LIST_TEXT.actionHead] : [...WAITING_LIST_TEXT.head];
  return (
    <section className={styles.section} aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">In the order they joined</h2>
      <p data-testid="waiting-list-free">{WAITING_LIST_TEXT.free(view.free, view.capacity)}</p>
      {view.registrationOpen ? null : <p className={styles.notice}>{WAITING_LIST_TEXT.closed}</p>}
      {view.entries.length === 0 ? (
        <p className={styles.muted}>{WAITING_LIST_TEXT.empty}</p>
      ) : (
        <div className={styles.tableScroll} role="region" aria-labelledby="waiting-list-caption" tabIndex={0}>
          <table className={styles.table} data-testid="waiting-list">
            <caption id="waiting-list-caption">Waiting list, {view.entries.length} {view.entries.length === 1 ? 'person' : 'people'}</caption>
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
              {view.entries.map((e) => (
                <Row key={e.id} entry={e} admin={admin} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Row({ entry: e, admin }: { entry: WaitingListRow; admin: boolean }) {
  const offerable = e.state === 'waiting' || e.state === 'lapsed' || e.state === 'withdrawn';
  return (
    <tr data-testid="waiting-list-row">
      <td>{e.position}</td>
      <th scope="row">{e.name}</th>
      <td>{e.numberOfTickets}</td>
      <td className={styles.nowrap}>{formatLagosShort(e.joinedAt)}</td>
      <td>{e.offersMade}</td>
      <td>{stateWords(e.state, e.offerReason, e.offerExpiresAt ? formatLagosShort(e.offerExpiresAt) : null)}</td>
      {admin ? (
        <td>
          {offerable ? (
            <RedirectForm action={offerByHandAction} permalink={PAGE} aria-label={`${WAITING_LIST_TEXT.offer(e.numberOfTickets)} to ${e.name}`}>
              <input type="hidden" name="id" value={e.id} />
              <button type="submit" className={styles.button}>
                {WAITING_LIST_TEXT.offer(e.numberOfTickets)}
              </button>
            </RedirectForm>
          ) : null}
          {e.state === 'offered' ? (
            <RedirectForm action={withdrawOfferAction} permalink={PAGE} aria-label={`${WAITING_LIST_TEXT.withdraw}: ${e.name}`}>
              <input type="hidden" name="id" value={e.id} />
              <button type="submit" className={styles.dangerButton}>
                {WAITING_LIST_TEXT.withdraw}
              </button>
            </RedirectForm>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
