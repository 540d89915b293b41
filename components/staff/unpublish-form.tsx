'use client';

import { useActionState } from 'react';

/**
 * Unpublish as a form whose HTML has a real action URL (React renders a bare server-action form
 * with action="", which HTML does not allow; the W3C checker refuses it): useActionState's
 * permalink is the report's own page, which renders this same form, so a post without JavaScript
 * reaches the action there. The action itself redirects, so its state is never read.
 */
export function UnpublishForm({ id, action }: { id: string; action: (state: undefined, formData: FormData) => Promise<undefined> }) {
  const [, formAction] = useActionState(action, undefined, `/staff/reports/${id}`);
  return (
    <form action={formAction}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn--secondary">
        Unpublish
      </button>
    </form>
  );
}
