import { STORED_FORM_PAGES, type PublicFormPages } from './stored'; // relative: next.config.ts loads this file (through lib/http/shared-cache.ts), and Next's config loader knows no @/ alias

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
 * A new stored form brings its entry from its module (stored/, docs/adding-a-form.md); a form with
 * a flow of its own adds it here. Staff forms are not listed: the staff area is never shared and has its own route list (e2e/support/staff-routes.ts).
 */
export type { PublicFormPages };

export const PUBLIC_FORMS = {
  registration: { page: '/register', thankYou: ['/registration/thank-you', '/register/waiting-list/thank-you'] },
  donation: { page: '/donations', thankYou: ['/donations/thank-you'] },
  // The stored forms (partnership, volunteer, contact...), each from its module (stored/).
  ...STORED_FORM_PAGES,
} as const satisfies Record<string, PublicFormPages>;

const forms: readonly PublicFormPages[] = Object.values(PUBLIC_FORMS);

/** Every public form's page, in the order above. */
export const PUBLIC_FORM_PAGES: readonly string[] = forms.map((f) => f.page);

/** Every public form's thank-you pages, in the order above. */
export const PUBLIC_THANK_YOU_PAGES: readonly string[] = forms.flatMap((f) => f.thankYou);
