// The page-speed half of `npm run bench` (issue 15): every route on a real slow connection, judged
// against an empty Next.js page and the seed's client-rendered SPA measured in the same run.
//
// Runs go in rounds: each round measures the empty page, the SPA, then every route once, with
// Lighthouse's applied throttling (scripts/bench/lighthouse.mjs). Rounds spread whatever else the
// machine is doing over all pages alike; the figure per page is the median of its rounds. One
// simulated (lantern) run per page follows, as information and for the category scores.
import { launchLighthouse, measureApplied, shortName } from './lighthouse.mjs';

export const PAGE_TARGETS = {
  textRatio: 1.3, // LCP ≤ 1.3× the empty page where the LCP element is text
  imageRatio: 2.0, // ≤ 2.0× where it is an image
  spaRatio: 0.5, // home LCP ≤ 0.5× the SPA baseline's
  homeTransferKB: 250,
  cls: 0,
  categoryScore: 100, // accessibility, best practices, SEO (simulated run)
};

const kb = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const ms = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '-');
const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);

/**
 * Measures `routes` of `site` beside the empty page at `emptyUrl` and the SPA at `spaUrl` (either
 * may be undefined). Returns { empty, spa, rows, lines, missed }.
 */
export async function measurePages({ site, routes, emptyUrl, spaUrl, runs = 3, simulated = true, bytesOf = () => ({}), log = () => {} }) {
  const lh = await launchLighthouse();
  const samples = new Map(); // url -> results of applied runs
  const targets = [
    ...(emptyUrl ? [['empty', emptyUrl]] : []),
    ...(spaUrl ? [['spa', spaUrl]] : []),
    ...routes.map((r) => [r, `${site}${r}`]),
  ];
  const errors = new Map();
  try {
    // Warm every page once (a cold server's first render is not what a visitor meets).
    for (const [, url] of targets) await fetch(url).then((r) => r.arrayBuffer()).catch(() => undefined);
    for (let round = 1; round <= runs; round += 1) {
      log(`Lighthouse, applied throttling: round ${round} of ${runs} (${targets.length} pages)`);
      for (const [key, url] of targets) {
        try {
          const one = await measureApplied(lh, url, 1);
          samples.set(key, [...(samples.get(key) ?? []), one]);
        } catch (error) {
          errors.set(key, error.message);
        }
      }
    }
    const simulatedRuns = new Map();
    if (simulated) {
      log('Lighthouse, simulated throttling: one run per page (information, and the category scores)');
      for (const [key, url] of targets) {
        try {
          simulatedRuns.set(key, await lh.run(url, { throttling: 'simulated', categories: key === 'spa' ? ['performance'] : ['performance', 'accessibility', 'best-practices', 'seo'] }));
        } catch (error) {
          simulatedRuns.set(key, { error: error.message });
        }
      }
    }
    return report({ samples, simulatedRuns, errors, routes, bytesOf, hasEmpty: !!emptyUrl, hasSpa: !!spaUrl, runs });
  } finally {
    lh.close();
  }
}

/** Median of the rounds: the run with the median LCP gives the kind and the requests. */
function combine(list) {
  if (!list?.length) return undefined;
  const sorted = [...list].sort((a, b) => a.lcp - b.lcp);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  const lcps = sorted.map((r) => r.lcp);
  const median = lcps.length % 2 ? lcps[(lcps.length - 1) / 2] : (lcps[lcps.length / 2 - 1] + lcps[lcps.length / 2]) / 2;
  return { ...mid, lcp: median, lcpMin: lcps[0], lcpMax: lcps.at(-1), lcps: list.map((r) => Math.round(r.lcp)), kinds: [...new Set(list.map((r) => r.lcpKind))], cls: Math.max(...list.map((r) => r.cls)) };
}

function report({ samples, simulatedRuns, errors, routes, bytesOf, hasEmpty, hasSpa, runs }) {
  const empty = combine(samples.get('empty'));
  const spa = combine(samples.get('spa'));
  const missed = [];
  const lines = [];
  lines.push(`Applied throttling (Lighthouse 12 mobile, devtools: 562.5 ms request latency, 1.6 Mbit/s down, 4x CPU), median of ${runs} rounds; "sim" = simulated (lantern), one run, information only.`);
  lines.push(`${pad('page', 44)} ${padL('LCP ms', 7)} ${padL('min-max', 11)} ${padL('ratio', 6)} ${padL('kind', 6)} ${padL('FCP', 5)} ${padL('<LCP KB', 7)} ${padL('total KB', 8)} ${padL('CLS', 5)} ${padL('sim LCP', 7)} ${padL('perf', 4)} ${padL('TBT', 4)} ${padL('a11y', 4)} ${padL('bp', 4)} ${padL('seo', 4)} ${padL('HTML gz', 7)} ${padL('ours JS', 7)}`);
  const row = (label, m, sim, ratio, bytes = {}) => {
    const s = sim && !sim.error ? sim : undefined;
    return `${pad(label, 44)} ${padL(ms(m?.lcp), 7)} ${padL(m ? `${ms(m.lcpMin)}-${ms(m.lcpMax)}` : '-', 11)} ${padL(ratio === undefined ? '-' : ratio.toFixed(2), 6)} ${padL(m?.kinds?.join('/') ?? '-', 6)} ${padL(ms(m?.fcp), 5)} ${padL(kb(m?.beforeKB), 7)} ${padL(kb(m?.totalKB), 8)} ${padL(m ? m.cls.toFixed(3) : '-', 5)} ${padL(ms(s?.lcp), 7)} ${padL(s?.perf ?? '-', 4)} ${padL(ms(s?.tbt), 4)} ${padL(s?.a11y ?? '-', 4)} ${padL(s?.bp ?? '-', 4)} ${padL(s?.seo ?? '-', 4)} ${padL(bytes.htmlKB ?? '-', 7)} ${padL(bytes.ownJsKB ?? '-', 7)}`;
  };
  if (hasEmpty) lines.push(row('(empty Next.js page: 1.00)', empty, simulatedRuns.get('empty'), empty ? 1 : undefined, bytesOf('empty')));
  if (hasSpa) lines.push(row('(SPA baseline of the home page)', spa, simulatedRuns.get('spa'), empty && spa ? spa.lcp / empty.lcp : undefined));
  const rows = [];
  for (const route of routes) {
    const m = combine(samples.get(route));
    const sim = simulatedRuns.get(route);
    const ratio = m && empty ? m.lcp / empty.lcp : undefined;
    rows.push({ route, m, sim, ratio });
    lines.push(row(route, m, sim, ratio, bytesOf(route)));
    if (!m) {
      missed.push(`${route}: Lighthouse failed (${errors.get(route) ?? 'no run'})`);
      continue;
    }
    const kind = m.lcpKind; // of the median run
    const limit = kind === 'image' ? PAGE_TARGETS.imageRatio : PAGE_TARGETS.textRatio;
    if (ratio !== undefined && ratio > limit) missed.push(`${route}: LCP ${ms(m.lcp)} ms = ${ratio.toFixed(2)}× the empty page (${ms(empty.lcp)} ms) > ${limit}× (${kind} LCP)`);
    if (m.cls > PAGE_TARGETS.cls) missed.push(`${route}: CLS ${m.cls.toFixed(3)} > 0`);
    if (route === '/' && m.totalKB > PAGE_TARGETS.homeTransferKB) missed.push(`home page transfer ${kb(m.totalKB)} KB > ${PAGE_TARGETS.homeTransferKB} KB`);
    if (route === '/' && spa && m.lcp > spa.lcp * PAGE_TARGETS.spaRatio) missed.push(`home LCP ${ms(m.lcp)} ms = ${(m.lcp / spa.lcp).toFixed(2)}× the SPA baseline (${ms(spa.lcp)} ms) > ${PAGE_TARGETS.spaRatio}×`);
    if (sim?.error) missed.push(`${route}: simulated Lighthouse failed (${sim.error})`);
    else if (sim) {
      for (const [k, label] of [['a11y', 'accessibility'], ['bp', 'best practices'], ['seo', 'SEO']]) {
        // Thank-you pages are noindex on purpose: "not crawlable" is their intent, not a defect.
        const lost = sim.lost[k].filter((id) => !(k === 'seo' && id === 'is-crawlable' && route.includes('thank-you')));
        if (sim[k] < PAGE_TARGETS.categoryScore && lost.length) missed.push(`${route}: ${label} ${sim[k]} < 100 (${lost.join(', ')})`);
      }
    }
  }
  if (hasSpa && !spa) missed.push(`SPA baseline: Lighthouse failed (${errors.get('spa') ?? 'no run'})`);
  if (hasEmpty && !empty) missed.push(`empty page: Lighthouse failed (${errors.get('empty') ?? 'no run'})`);
  lines.push('');
  lines.push('Requests finished before the LCP (median run; KB transferred, ms after the first request):');
  const listed = [['(empty page)', empty], ['(SPA baseline)', spa], ...rows.map((r) => [r.route, r.m])];
  for (const [label, m] of listed) {
    if (!m) continue;
    lines.push(`  ${pad(label, 42)} LCP ${ms(m.lcp)} (${m.lcps.join(', ')}) ${m.lcpKind}: ${m.before.map((r) => `${shortName(r.url)} ${kb(r.kb)}@${ms(r.endMs)}`).join(', ') || '-'}`);
  }
  return { empty, spa, rows, lines, missed };
}
