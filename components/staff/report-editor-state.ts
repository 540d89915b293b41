import type { FieldErrors } from '@/contract/forms/form-state';

/** What the report editor's action returns (app/staff/reports/actions.ts). */
export interface ReportEditorState {
  status: 'idle' | 'error' | 'preview';
  errors: FieldErrors;
  /** The form's values as typed (and the stored image's id once an upload passed). */
  values: Record<string, string | string[]>;
  message?: string;
  /** The sanitised HTML of the body and its read time (status 'preview'). */
  preview?: { html: string; readTime: string };
  /** Changes with every answer: the fields remount with the values echoed. */
  seq: number;
  /**
   * Which form the answer is for, where one page holds many forms posting to one action: without
   * JavaScript, React hands the answer to every form of that action on the page.
   */
  for?: string;
}

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
