// Lighthouse for the benchmark: one Chromium, two ways of throttling.
//
// - "applied" (`throttlingMethod: 'devtools'`, the judged figure): the browser itself receives the
//   bytes at Lighthouse's mobile slow-4G figures (562.5 ms request latency, 1.6 Mbit/s down,
//   4x CPU), so the LCP is the paint a phone would see on that link, not an estimate.
// - "simulated" (Lighthouse's default, lantern): an unthrottled load replayed on a model of the
//   same link. Kept as an information column; it charges a page for every request that landed
//   before its unthrottled paint (docs/decisions.md, "Judging speed against an empty Next page").
//
// Per run it returns the LCP, its element's kind (text or image, from Chromium's own
// `largestContentfulPaint::Candidate` trace event), and the requests that had finished by the LCP
// with their transferred bytes: what the paint waited for.
import { scriptsLoadedBefore } from './js-before-lcp.mjs';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const PER_RUN_TIMEOUT_MS = 120_000;

/** The kind of the final LCP candidate in the trace: 'image', 'text' or 'unknown'. */
export function lcpKindOf(traceEvents) {
  let last;
  for (const event of traceEvents) {
    if (event.name === 'largestContentfulPaint::Candidate' && event.args?.data?.isOutermostMainFrame !== false) {
      if (!last || event.ts >= last.ts) last = event;
    }
  }
  const type = last?.args?.data?.type;
  return type === 'image' || type === 'text' ? type : 'unknown';
}

/**
 * Requests whose download had finished by `lcpTs` (trace clock, µs), in the order they finished:
 * [{ url, type, kb, endMs }] (endMs from the first request). From the `network-requests` audit.
 */
export function requestsBefore(networkAudit, lcpTs) {
  const startTs = networkAudit?.details?.debugData?.networkStartTimeTs;
  const items = networkAudit?.details?.items ?? [];
  if (!Number.isFinite(startTs) || Number.isNaN(lcpTs) || lcpTs === undefined) return [];
  return items
    .filter((r) => Number.isFinite(r.networkEndTime) && startTs + r.networkEndTime * 1000 <= lcpTs && !String(r.url).startsWith('data:'))
    .sort((a, b) => a.networkEndTime - b.networkEndTime)
    .map((r) => ({ url: r.url, type: r.resourceType ?? '?', kb: (r.transferSize ?? 0) / 1024, endMs: r.networkEndTime }));
}

/** A short name for a request: the path's last part (query cut), "/" for a document. */
export function shortName(url) {
  try {
    const u = new URL(url);
    if (u.pathname === '/_next/image') {
      const inner = u.searchParams.get('url') ?? '';
      return `img:${inner.split('/').pop()}@${u.searchParams.get('w')}w`;
    }
    const last = u.pathname.split('/').filter(Boolean).pop() ?? '/';
    return last.length > 28 ? `${last.slice(0, 12)}…${last.slice(-12)}` : last;
  } catch {
    return String(url).slice(0, 28);
  }
}

export async function launchLighthouse({ chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium' } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

  /** One Lighthouse run. `throttling`: 'applied' (devtools) or 'simulated'. */
  async function run(url, { throttling = 'applied', categories = ['performance'] } = {}) {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      throttlingMethod: throttling === 'applied' ? 'devtools' : 'simulate',
    };
    let timer;
    const result = await Promise.race([
      lighthouse(url, flags),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`Lighthouse timed out (${PER_RUN_TIMEOUT_MS / 1000} s)`)), PER_RUN_TIMEOUT_MS); }),
    ]).finally(() => clearTimeout(timer));
    const lhr = result.lhr;
    if (lhr.runtimeError?.code) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
    const traceEvents = result.artifacts?.Trace?.traceEvents ?? [];
    const num = (a) => lhr.audits[a]?.numericValue ?? NaN;
    const score = (c) => (lhr.categories[c] ? Math.round((lhr.categories[c].score ?? 0) * 100) : undefined);
    const lost = (c) => (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const lcpTs = observed.observedLargestContentfulPaintTs;
    const before = requestsBefore(lhr.audits['network-requests'], lcpTs);
    return {
      throttling,
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      observedLcp: observed.observedLargestContentfulPaint ?? NaN,
      lcpKind: lcpKindOf(traceEvents),
      lcpSnippet: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
      before,
      beforeKB: before.reduce((s, r) => s + r.kb, 0),
      requests: requestsBefore(lhr.audits['network-requests'], Infinity),
      jsBeforeLcp: scriptsLoadedBefore(traceEvents, lcpTs ?? -Infinity),
      cls: num('cumulative-layout-shift'),
      tbt: num('total-blocking-time'),
      totalKB: num('total-byte-weight') / 1024,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lost: { a11y: lost('accessibility'), bp: lost('best-practices'), seo: lost('seo') },
    };
  }

  /** `run` with one retry (Lighthouse now and then loses a trace: NO_NAVSTART, NO_LCP). */
  async function runRetrying(url, options) {
    try {
      return await run(url, options);
    } catch {
      return run(url, options);
    }
  }

  return { run: runRetrying, close: () => chrome.kill() };
}

export const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/**
 * `runs` applied-throttling runs of one URL: the median run (by LCP; its requests and kind are
 * the ones printed), the median, min and max LCP, and every run's LCP.
 */
export async function measureApplied(lh, url, runs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await lh.run(url, { throttling: 'applied' }));
  const sorted = [...results].sort((a, b) => a.lcp - b.lcp);
  const medianRun = sorted[Math.floor((sorted.length - 1) / 2)];
  const kinds = new Set(results.map((r) => r.lcpKind));
  return {
    ...medianRun,
    lcp: median(results.map((r) => r.lcp)),
    lcpMin: sorted[0].lcp,
    lcpMax: sorted.at(-1).lcp,
    lcps: results.map((r) => Math.round(r.lcp)),
    // An image anywhere in the runs makes it an image route (the image target is the looser one
    // only when the image really is what paints last).
    lcpKind: kinds.size === 1 ? medianRun.lcpKind : [...kinds].join('/'),
    cls: Math.max(...results.map((r) => r.cls)),
    totalKB: median(results.map((r) => r.totalKB)),
  };
}
