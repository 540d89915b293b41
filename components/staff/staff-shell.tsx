import Link from 'next/link';
import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { SignOutForm } from './sign-out-form';
import { visibleSections } from '@/lib/staff/nav';
import { capabilities } from '@/lib/backend';
import type { StaffUser } from '@/lib/staff/session';
import styles from './staff.module.css';

/**
 * The frame of every staff page after sign-in: title, the sections this user may open, sign-out.
 * It guards nothing: each page and action checks the session itself (lib/staff/action.ts) first.
 */
export function StaffShell({
  staff,
  current,
  title,
  width = 'narrow',
  children,
}: {
  staff: StaffUser;
  /** The section this page belongs to (its href), marked aria-current. */
  current: string;
  title: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  const sections = visibleSections(staff, capabilities());
  return (
    <Container width={width} className={styles.page}>
      <nav aria-label="Staff area" className={styles.staffNav}>
        <ul>
          {sections.map((s) => (
            <li key={s.href}>
              <Link href={s.href} prefetch={false} aria-current={s.href === current ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.bar}>
        <h1 className={styles.title}>{title}</h1>
        <SignOutForm name={staff.name} />
      </div>
      <p className={styles.who}>
        Signed in as {staff.name}
        {staff.role === 'admin' ? ' (admin)' : ''}
      </p>
      {children}
    </Container>
  );
}
