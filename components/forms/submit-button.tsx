'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { Spinner } from '@/components/ui/spinner';

/**
 * The form's submit button: while the action runs (spec §4's submitting flag) it is disabled
 * and shows a spinner. Without JavaScript it is a plain, always-enabled submit button.
 */
export function SubmitButton({ children, pendingLabel }: { children: ReactNode; pendingLabel?: ReactNode }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className="btn btn--primary btn--lg" disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner size="sm" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
