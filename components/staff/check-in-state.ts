import type { CheckInCounts, CheckInResult } from '@/contract/api/tickets';

/** The gate's form state (app/staff/check-in/actions.ts answers with it; check-in-desk.tsx shows it). */
export type CheckInAnswer = { status: 'idle' } | { status: 'invalid'; typed: string } | { status: 'failed'; typed: string } | CheckInResult;

export interface CheckInState {
  answer: CheckInAnswer;
  /** Fresh after every check-in, so the page's counts follow without a reload. */
  counts?: CheckInCounts;
  /** Changes with every answer: the form remounts empty and focused for the next ticket. */
  seq: number;
}
