import { Link } from '@/components/ui/link';
import styles from './highlights.module.css';

/** Previous / page n of m / Next, as plain links. Renders nothing for a single page. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Report pages" className={styles.pagination}>
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={styles.pageLink}>
          Previous<span className={styles.srOnly}> page</span>
        </Link>
      ) : (
        <span />
      )}
      <p className={styles.pageCount} aria-current="page">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link href={hrefFor(page + 1)} rel="next" className={styles.pageLink}>
          Next<span className={styles.srOnly}> page</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** ?page= as a positive integer (anything else is page 1). */
export function parsePageParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 ? n : 1;
}
