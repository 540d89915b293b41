import { personalDataRequests } from './data-requests';
import { STORED_FORMS } from './forms';

/**
 * Data requests (`npm run data-request`, NDPA 2023 ss. 34–36: backend/data-requests) over the
 * backend's own tables and every stored form's (backend/forms/index.ts): a composition-root file,
 * since the two features never import each other.
 */
export const { PERSONAL_DATA_TABLES, findPersonalData, countPersonalData, deletePersonalData } = personalDataRequests(STORED_FORMS.map((form) => form.table));

export { ERASED } from './data-requests';
