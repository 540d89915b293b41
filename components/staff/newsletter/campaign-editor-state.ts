import type { FormState } from '@/contract/forms/form-state';

/**
 * What the campaign editor's action answers (app/staff/newsletter/actions.ts): the one form state,
 * `seq` changing with every answer, and for status 'preview' the sanitised HTML of the body.
 */
export type CampaignEditorState = FormState<{ html: string }>;

export const initialCampaignEditorState: CampaignEditorState = { status: 'idle', errors: {}, values: {}, seq: 0 };
