export function scriptsLoadedBefore(
  traceEvents: ReadonlyArray<{ name: string; ts: number; args?: { data?: Record<string, unknown> } }>,
  cutoffTs: number,
): { count: number; total: number; bytes: number };
