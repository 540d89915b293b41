import type { FormState } from '@/contract/forms/form-state';

/**
 * What the report and event editors' actions return (app/staff/reports/actions.ts,
 * app/staff/events/actions.ts): the one form state, `seq` changing with every answer (the fields
 * remount with the values echoed, the stored image's id among them once an upload passed), `for`
 * naming the form where one page holds many, and for status 'preview' the sanitised HTML of the
 * body and its read time as its data.
 */
export type ReportEditorState = FormState<{ html: string; readTime: string }>;

export const initialEditorState: ReportEditorState = { status: 'idle', errors: {}, values: {}, seq: 0 };

/** A field's value as echoed back: its text, or '' when it is missing or came as a list. */
export function textValue(values: ReportEditorState['values'], name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value : '';
}

/** The stored image's URL from the echoed values, kept only if it is a path on this site (the field comes back from the browser). */
export function ownImageUrl(values: ReportEditorState['values']): string {
  const url = textValue(values, 'imageUrl');
  return /^\/(?![/\\])/.test(url) ? url : '';
}
