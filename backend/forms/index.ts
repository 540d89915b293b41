import { contactForm } from './contact';
import { partnershipForm } from './partnership';
import type { StoredForm } from './stored-form';
import { volunteerForm } from './volunteer';

/**
 * The stored public forms (docs/adding-a-form.md), one line each: app.ts mounts their flows under
 * /forms, mail-kinds.ts registers their acknowledgements, personal-data.ts gives their tables to
 * the data requests (backend/data-requests). The other form endpoints' flows live with their features
 * (tickets/register.ts, newsletter/sign-up.ts, donations/service.ts).
 */
export const STORED_FORMS = [partnershipForm, volunteerForm, contactForm] as const satisfies readonly StoredForm[];

export type { StoredForm } from './stored-form';
