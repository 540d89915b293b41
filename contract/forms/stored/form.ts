import { z } from 'zod';
import type { Endpoint } from '../../api/endpoint';
import type { FieldRules } from '../checks';
import { MESSAGES } from '../messages';

// Relative imports throughout contract/forms/stored/: next.config.ts loads the forms' pages
// (lib/http/shared-cache.ts → public-forms.ts → here), and Next's config loader knows no @/ alias.

/** Where a public form is shown and the pages its visitor is sent to after a post (contract/forms/public-forms.ts). */
export interface PublicFormPages {
  /** The form's page (no trailing slash). */
  page: `/${string}`;
  /** Where a post ends (the registration's also ends on the waiting list's when sold out). */
  thankYou: readonly `/${string}/thank-you`[];
}

/**
 * What the contract knows of a stored public form (docs/adding-a-form.md), besides its schemas
 * (exported by its module beside it): the registries read these off STORED_FORMS (index.ts).
 */
export interface StoredFormContract {
  /** Its text fields' rules: the schema's text fields are built from them, and its page gives them to ActionForm (the on-blur checks). */
  fields: FieldRules;
  /** The form's schema (its fields in the order the form shows them): what the site validates. */
  form: z.ZodObject;
  /** The payload the site posts, from the parsed form (`submittedAt` stamped). */
  toPayload: (form: never, now?: Date) => object;
  /** POST /api/forms/<path>/: its payload schema and the answer's id field. */
  endpoint: Endpoint & { method: 'POST'; path: `/api/forms/${string}/` };
  /** PUBLIC_FORMS: its page and thank-you page. */
  pages: PublicFormPages;
  /** SUBMIT_MESSAGES: shown when the call fails and the server gave no message. */
  submitMessage: string;
  /** MAIL_REASONS: why its acknowledgement came. */
  mailReason: string;
}

/** ISO timestamp the client stamps; the backend keeps its own receive time as well. */
export const submittedAt = () =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return new Date().toISOString();
      if (typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) && /^\d{4}-\d{2}-\d{2}T/.test(raw)) {
        return new Date(raw).toISOString();
      }
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
      return z.NEVER;
    });

/** The stamp a payload carries: the form's fields and `submittedAt`. */
export const stamped = <F extends object>(form: F, now: Date) => ({ ...form, submittedAt: now.toISOString() });
