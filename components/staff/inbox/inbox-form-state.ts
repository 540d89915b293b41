import type { FormState } from '@/contract/forms/form-state';

/** The inbox forms' state (app/staff/inbox/actions.ts answers with it; a success redirects). */
export type InboxFormState = FormState;

export const INBOX_IDLE: InboxFormState = { status: 'idle', errors: {}, values: {}, seq: 0 };
