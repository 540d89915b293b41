/** Shared by proxy.ts, the missing-page route and the not-found views; nothing here touches Node. */
export type MissingKind = 'report' | 'event' | 'page';

export const MISSING_KINDS: readonly MissingKind[] = ['report', 'event', 'page'];

/** The route (app/missing/[kind]) proxy.ts rewrites a missing page to, answering 404. */
export const MISSING_ROUTE_PREFIX = '/missing/';
export const missingPath = (kind: MissingKind) => `${MISSING_ROUTE_PREFIX}${kind}`;

export function parseMissingKind(value: string | undefined): MissingKind {
  return MISSING_KINDS.find((k) => k === value) ?? 'page';
}
