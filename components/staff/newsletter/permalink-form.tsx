'use client';

import { useActionState, type ReactNode } from 'react';

/**
 * A form posting to a server action that redirects, with a real action URL: React renders a bare
 * server-action form with action="", which HTML does not allow; useActionState's permalink gives it
 * one. Without JavaScript it is a plain POST to that URL, so the permalink must be a page that
 * renders this same form (React's rule for permalinks).
 */
export function PermalinkForm({
  action,
  permalink,
  className,
  children,
}: {
  action: (state: undefined, formData: FormData) => Promise<undefined>;
  permalink: string;
  className?: string;
  children: ReactNode;
}) {
  const [, formAction] = useActionState(action, undefined, permalink);
  return (
    <form action={formAction} className={className}>
      {children}
    </form>
  );
}
