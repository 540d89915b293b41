/**
 * The public forms' pages, in one place: where each form is shown and the pages its visitor is sent
 * to after a post. Read by what must know every form page without being told one by one:
 *
 * - lib/http/shared-cache.ts: a form page (it mints an idempotency key per visit) and a thank-you
 *   page are never kept by a shared cache;
 * - lib/not-found/missing-view.ts: a top-level form page is a route of its own, never an event slug;
 * - e2e/support/routes.ts: the quality checks (axe, headers, JS budget) and the route smoke test
 *   walk every form page and thank-you page, in the sitemap or not.
 *
 * A new public form adds its entry here (docs/adding-a-form.md). Staff forms are not listed: the
 * staff area is never shared and has its own route list (e2e/support/staff-routes.ts).
 */
export interface PublicFormPages {
  /** The form's page (no trailing slash). */
  page: `/${string}`;
  /** Where a post ends (the registration's also ends on the waiting list's when sold out). */
  thankYou: readonly `/${string}/thank-you`[];
}

export const PUBLIC_FORMS = {
  registration: { page: '/register', thankYou: ['/registration/thank-you', '/register/waiting-list/thank-you'] },
  donation: { page: '/donations', thankYou: ['/donations/thank-you'] },
  partnership: { page: '/partnerships', thankYou: ['/partnerships/thank-you'] },
  volunteer: { page: '/volunteer/apply', thankYou: ['/volunteer/apply/thank-you'] },
  contact: { page: '/contact', thankYou: ['/contact/thank-you'] },
} as const satisfies Record<string, PublicFormPages>;

const forms: readonly PublicFormPages[] = Object.values(PUBLIC_FORMS);

/** Every public form's page, in the order above. */
export const PUBLIC_FORM_PAGES: readonly string[] = forms.map((f) => f.page);

/** Every public form's thank-you pages, in the order above. */
export const PUBLIC_THANK_YOU_PAGES: readonly string[] = forms.flatMap((f) => f.thankYou);
