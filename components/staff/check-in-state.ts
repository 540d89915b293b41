import type { CheckInCounts, CheckInResult } from '@/contract/api/tickets';
import type { FormState } from '@/contract/forms/form-state';

/** The gate's verdict on one reference. */
export type CheckInAnswer = { status: 'idle' } | { status: 'invalid'; typed: string } | { status: 'failed'; typed: string } | CheckInResult;

export interface CheckInData {
  answer: CheckInAnswer;
  /** Fresh after every check-in, so the page's counts follow without a reload. */
  counts?: CheckInCounts;
}

/**
 * The gate's form state (app/staff/check-in/actions.ts answers with it; check-in-desk.tsx shows
 * it): the one form state with the verdict and counts as its data; `seq` changes with every answer,
 * so the form remounts empty and focused for the next ticket.
 */
export type CheckInState = FormState<CheckInData>;
