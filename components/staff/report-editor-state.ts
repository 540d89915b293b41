import type { FieldErrors } from '@/lib/forms/form-state';

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
