'use client';

import { useActionState, type ReactNode } from 'react';

/**
 * A form posting to a staff action that answers with a redirect (staffRedirectAction), with a real
 * action URL in its HTML: React renders a bare server-action form with action="", which HTML does
 * not allow (the W3C checker refuses it). useActionState's permalink is the page that renders this
 * form, so a post without JavaScript reaches the action there; the action's state is never read.
 */
export function RedirectForm({
  action,
  permalink,
  children,
  className,
  'aria-label': label,
}: {
  action: (state: undefined, formData: FormData) => Promise<undefined>;
  permalink: string;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const [, formAction] = useActionState(action, undefined, permalink);
  return (
    <form action={formAction} className={className} aria-label={label}>
      {children}
    </form>
  );
}
