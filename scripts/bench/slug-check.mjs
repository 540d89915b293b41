// What proxy.ts's existence check (lib/not-found/) costs a found page: it times itself in the
// Server-Timing header (`exists;dur=<ms>`). Found reports, programmes and events are asked ROUNDS
// times each on one server with the built-in backend; the target is p50 and p99 under 2 ms
// (issue 26). The first look-up of each slug (before the per-instance memory) is in the figures.

export const SLUG_CHECK_TARGET_MS = 2;
const ROUNDS = 200;

const timingOf = (header) => {
  const m = /(?:^|,)\s*exists;dur=([0-9.]+)/.exec(header ?? '');
  return m ? Number(m[1]) : undefined;
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** { lines, missed } for the bench table. `paths`: found slug pages (a report, a programme, an event). */
export async function measureSlugCheck(base, paths) {
  const times = [];
  const missing = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const path of paths) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      const t = timingOf(res.headers.get('server-timing'));
      if (res.status !== 200 || t === undefined) missing.push(`${path}: ${res.status}, Server-Timing ${res.headers.get('server-timing')}`);
      else times.push(t);
    }
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const max = times[times.length - 1];
  const lines = [
    `404 check on found pages (proxy.ts, Server-Timing "exists"; ${times.length} views of ${paths.join(', ')}):`,
    `  p50 ${p50?.toFixed(3)} ms · p99 ${p99?.toFixed(3)} ms · max ${max?.toFixed(3)} ms (target: p50 and p99 < ${SLUG_CHECK_TARGET_MS} ms)`,
  ];
  const missed = [...new Set(missing)].slice(0, 5);
  if (!(p99 < SLUG_CHECK_TARGET_MS)) missed.push(`404 check p99 ${p99?.toFixed(3)} ms >= ${SLUG_CHECK_TARGET_MS} ms`);
  return { lines, missed };
}
