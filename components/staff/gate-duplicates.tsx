import { DUPLICATES_TEXT } from '@/contract/api/admin';
import type { GateDuplicate } from '@/contract/api/gate';
import { formatCount, formatLagosShort } from '@/lib/staff/messages';
import styles from './admin.module.css';

/** Tickets the offline gates let in twice (issue 29): the scan that counts, and the others. */
export function GateDuplicates({ duplicates }: { duplicates: GateDuplicate[] }) {
  const scan = (s: GateDuplicate['checkIn']) => DUPLICATES_TEXT.scan(s.device, s.by, formatLagosShort(s.scannedAt));
  const head = DUPLICATES_TEXT.head;
  return (
    <section className={styles.section} aria-labelledby="duplicates-title">
      <h2 id="duplicates-title">{DUPLICATES_TEXT.title}</h2>
      <div className={styles.tableScroll} role="region" aria-labelledby="duplicates-caption" tabIndex={0} data-testid="duplicates">
        <table className={styles.table}>
          <caption id="duplicates-caption">
            {DUPLICATES_TEXT.caption}
            <small className={styles.captionNote}>{DUPLICATES_TEXT.note}</small>
          </caption>
          <thead>
            <tr>
              <th scope="col">{head.ticket}</th>
              <th scope="col">{head.wristbands}</th>
              <th scope="col">{head.counted}</th>
              <th scope="col">{head.duplicate}</th>
            </tr>
          </thead>
          <tbody>
            {duplicates.map((d) => (
              <tr key={d.reference}>
                <th scope="row" className={styles.nowrap}>
                  {d.reference}
                </th>
                <td>{formatCount(d.wristbands)}</td>
                <td>{scan(d.checkIn)}</td>
                <td>
                  {d.duplicates.map((x, i) => (
                    <span key={i}>
                      {i > 0 ? <br /> : null}
                      {scan(x)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
