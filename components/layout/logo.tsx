import { Link } from '@/components/ui/link';
import { FESTIVAL_NAME } from '@/contract/festival';

/** The wordmark: an adire sun mark plus "Ìtàn". Links home (the spec's "/" header link). */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link href="/" className={`logo logo--${tone}`} aria-label={`${FESTIVAL_NAME} home`}>
      <svg className="logo__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="#1d2a6b" />
        <circle cx="20" cy="20" r="12.5" fill="none" stroke="#f2b632" strokeWidth="2.5" strokeDasharray="3 3.2" />
        <circle cx="20" cy="20" r="6.5" fill="#e0582e" />
        <circle cx="20" cy="20" r="2.2" fill="#fbf3e4" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">Ìtàn</span>
        <span className="logo__tag">Book &amp; Arts Festival</span>
      </span>
    </Link>
  );
}
