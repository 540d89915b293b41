/** The words a project page's "Next up" says when its dates have passed (issue 40). */
export const NEXT_UP_TEXT = {
  heading: 'Next up',
  none: 'No new date is announced yet.',
  newsletter: 'The newsletter has it first.',
} as const;

/**
 * The dates "Next up" may still list at `now`: those not over yet (one on now is still up), soonest
 * first (issue 40: a passed date drops out by itself). Pure, so the clock is the caller's: the
 * edition's (FESTIVAL_NOW in tests). A date whose end cannot be read is left out.
 */
export function nextUp<T extends { startsAt: string; endsAt: string }>(dates: readonly T[], now: Date): T[] {
  return dates
    .filter((d) => Date.parse(d.endsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
