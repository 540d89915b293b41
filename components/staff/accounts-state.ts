import type { FormState } from '@/contract/forms/form-state';

/**
 * The accounts form's state (app/staff/accounts/actions.ts answers with it; accounts-manager.tsx
 * shows it): the one form state, with the account changed and a generated password (shown once).
 */
export type AccountsState = FormState<{ generatedPassword?: string; forEmail?: string }>;
