// The registration rush (issue 26, item 3), run by `npm run bench` (scripts/bench.mjs; alone with
// `npm run bench -- --rush-only` or BENCH_RUSH_ONLY=1). What a registration opening looks like on
// one server: a burst of visitors registering at once, each once, for more wristbands than exist.
//
//  - its own `next start` on a fresh DATA_DIR (SQLite), with REGISTRATION_CAPACITY set, the ticket
//    mail going to a real SMTP server on 127.0.0.1 (SMTP_URL, scripts/bench/smtp-sink.mjs) and
//    delivered as the site does it (after each response, and by the long-lived server's loop);
//  - nginx in front with the shipped rules (deploy/nginx/), as for the other rows;
//  - 2,000 POST /api/forms/registrations/ offered at 200 a second on a fixed schedule (open loop,
//    scripts/bench/open-loop.mjs), each with its own e-mail address and Idempotency-Key, asking for 1–10
//    wristbands (a fixed cycle: 11,000 asked in all, against 6,000);
//  - then: every request answered? accepted (201) or refused with the contract's sold-out answer
//    (409), nothing else; latency p50/p95/p99 from each request's due time; the database asked
//    (better-sqlite3 on the run's festival.sqlite) whether every 201's ticket is stored, nothing
//    stored that no 201 confirmed, and wristbands within capacity; and a ticket mail (its
//    reference in the subject) received for every accepted registration, waited for up to 2
//    minutes after the rush's last answer.
//
// The rate limit: nginx writes X-Forwarded-For with its peer's address (deploy/nginx), so every
// request of the rush comes from one client, 127.0.0.1, where a real rush comes from 2,000. The
// documented settings keep the limiter counting but let one address through: TRUSTED_PROXIES
// names nginx (as a deployment behind nginx does), RATE_LIMIT_MAX is raised above the rush.
//
// Bounded: each request by BENCH_RUSH_TIMEOUT_MS (30 s) from its due time, the mail wait by 2
// minutes, server start-up by 60 s; loopback only.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { findNginx, NGINX_MISSING, startNginx } from '../nginx.mjs';
import { openLoop } from './open-loop.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

export const RUSH_TARGETS = {
  requests: 2000,
  perSecond: 200,
  p99Ms: 250,
  /** Every accepted registration's ticket mail received this long after the rush's last answer. */
  mailWithinS: 120,
};

const num = (name, fallback) => Number(process.env[name] ?? fallback);

/** The rush as run; the env overrides are for quick experiments (a smaller rush is reported as a miss). */
export const RUSH = {
  requests: num('BENCH_RUSH_REQUESTS', RUSH_TARGETS.requests),
  perSecond: num('BENCH_RUSH_RATE', RUSH_TARGETS.perSecond),
  // 1–10 wristbands a registration in a fixed cycle (1, 8, 5, 2, 9, 6, 3, 10, 7, 4): 5.5 on
  // average, 11,000 for 2,000 registrations, so about half are sold out.
  capacity: num('BENCH_RUSH_CAPACITY', 6000),
  maxInFlight: num('BENCH_RUSH_MAX_IN_FLIGHT', 256),
  timeoutMs: num('BENCH_RUSH_TIMEOUT_MS', 30_000),
  mailWaitMs: RUSH_TARGETS.mailWithinS * 1000,
};

export const ticketsFor = (i) => 1 + ((i * 7) % 10);

// The contract's sold-out answers (backend/kernel/results.ts FORM_MESSAGES.registrationFull and
// registrationFewLeft): a 409 in the result pattern. Anything else is counted as "other".
const SOLD_OUT = [/^Registration is full: all wristbands for this edition have been claimed\.$/, /^Only \d+ wristbands? (is|are) left for this edition\. Please choose fewer tickets\.$/];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-GB') : String(n));
/** A latency: an unanswered request is shown as more than the timeout. */
const fmtMs = (n) => (n === Infinity ? `>${fmt(RUSH.timeoutMs)}` : fmt(n));
const secs = (ms) => (ms / 1000).toFixed(1);

/** A process's user + system CPU seconds so far (Linux /proc), or NaN. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** Nearest-rank percentile over every offered request; an unanswered one counts as infinitely slow. */
function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Runs the rush. `startServer(cwd, port, env)` is scripts/bench.mjs's (it waits for the server and
 * stops it with the bench); `distDir` the site's build.
 * @returns {Promise<{ lines: string[], missed: string[], figures: Record<string, unknown> }>}
 */
export async function runRush({ root, distDir, siteUrl, sitePort, nginxPort, startServer, log }) {
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'festival-rush-'));
  const haveNginx = Boolean(findNginx());
  let nginx;
  let server;
  try {
    log(`rush: the site on 127.0.0.1:${sitePort} (capacity ${fmt(RUSH.capacity)} wristbands, mail to ${smtp.url}) ...`);
    server = await startServer(root, sitePort, {
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      SMTP_URL: smtp.url,
      REGISTRATION_CAPACITY: String(RUSH.capacity),
      REGISTRATIONS_PER_EMAIL: '1',
      // One client address for the whole rush (see the top of this file): counted, not refused.
      RATE_LIMIT_MAX: String(Math.max(10_000, RUSH.requests * 2)),
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    if (haveNginx) nginx = await startNginx({ port: nginxPort, upstreamPort: sitePort, workers: 'auto' });
    else log(`${NGINX_MISSING}: the rush goes to next start directly`);
    const base = nginx?.url ?? `http://127.0.0.1:${sitePort}`;

    // The API contract's path ends in a slash; if this deployment redirects it, post to the target.
    // The same probes warm the server (the in-process backend opens its database on first use): an
    // empty body is refused (400) and stores nothing.
    let path = '/api/forms/registrations/';
    for (let k = 0; k < 5; k++) {
      const probe = await fetch(`${base}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: '{}' });
      await probe.arrayBuffer();
      if (probe.status >= 300 && probe.status < 400) path = new URL(probe.headers.get('location'), base).pathname;
    }

    const run = Date.now().toString(36);
    const emailOf = (i) => `rush-${run}-${i}@example.com`;
    const machineLoad = loadavg()[0];
    const cpuBefore = cpuSeconds(server.pid);
    log(`rush: ${fmt(RUSH.requests)} × POST ${path} at ${RUSH.perSecond}/s through ${nginx ? 'nginx' : 'next start'} ...`);
    const r = await openLoop({
      url: `${base}${path}`,
      rate: RUSH.perSecond,
      count: RUSH.requests,
      method: 'POST',
      maxSockets: RUSH.maxInFlight,
      timeoutMs: RUSH.timeoutMs,
      keepBodies: true,
      headers: (i) => ({ 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `rush-${run}-${i}-${randomUUID()}` }),
      body: (i) =>
        JSON.stringify({ firstName: 'Rush', lastName: 'Runner', email: emailOf(i), phone: '08031234567', numberOfTickets: ticketsFor(i), submittedAt: new Date().toISOString() }),
    });
    const rushEnd = r.lastAnswerAt || performance.now();
    const rushCpuS = cpuSeconds(server.pid) - cpuBefore;

    // ---- the answers ----
    const accepted = new Map(); // email -> { reference, tickets }
    let soldOut = 0;
    const other = new Map(); // "status: message" -> count
    let unanswered = 0;
    for (const res of r.results) {
      if (res.status === undefined) {
        unanswered++;
        other.set(`no answer: ${res.error}`, (other.get(`no answer: ${res.error}`) ?? 0) + 1);
        continue;
      }
      const json = parseJson(res.body ?? '');
      if (res.status === 201 && json?.success === true && typeof json.ticketReference === 'string') {
        accepted.set(emailOf(res.i), { reference: json.ticketReference, tickets: ticketsFor(res.i), i: res.i });
      } else if (res.status === 409 && json?.success === false && SOLD_OUT.some((re) => re.test(json.message ?? ''))) {
        soldOut++;
      } else {
        const what = `${res.status}: ${String(json?.message ?? res.body ?? '').slice(0, 80)}`;
        other.set(what, (other.get(what) ?? 0) + 1);
      }
    }
    const answered = RUSH.requests - unanswered;
    const otherCount = [...other.values()].reduce((a, b) => a + b, 0) - unanswered;
    const latencies = r.results.map((x) => (x.status === undefined ? Infinity : x.latencyMs)).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);
    const max = latencies[latencies.length - 1];
    // p99 per second of the schedule: where the queue built up.
    const perSecond = [];
    for (let s0 = 0; s0 * RUSH.perSecond < RUSH.requests; s0++) {
      const slice = r.results.slice(s0 * RUSH.perSecond, (s0 + 1) * RUSH.perSecond).map((x) => (x.status === undefined ? Infinity : x.latencyMs)).sort((a, b) => a - b);
      perSecond.push(percentile(slice, 99));
    }
    const askedTickets = Array.from({ length: RUSH.requests }, (_, i) => ticketsFor(i)).reduce((a, b) => a + b, 0);
    const acceptedTickets = [...accepted.values()].reduce((a, b) => a + b.tickets, 0);
    log(`rush: answered ${answered}/${RUSH.requests}, accepted ${accepted.size}, sold out ${soldOut}, other ${otherCount}; p99 ${fmtMs(p99)} ms; waiting for the mail ...`);

    // ---- the mail: one ticket mail per accepted registration, its reference in the subject ----
    const delivered = new Map(); // email -> arrival time
    let duplicates = 0;
    let strays = 0;
    let seen = 0;
    const take = () => {
      for (; seen < smtp.received.length; seen++) {
        const m = smtp.received[seen];
        for (const to of m.to) {
          const a = accepted.get(to);
          if (!a || !m.subject.includes(a.reference)) strays++;
          else if (delivered.has(to)) duplicates++;
          else delivered.set(to, m.at);
        }
      }
    };
    const mailDeadline = rushEnd + RUSH.mailWaitMs;
    while (performance.now() < mailDeadline) {
      take();
      if (delivered.size >= accepted.size) break;
      await sleep(250);
    }
    take();
    const lastMailAt = delivered.size ? Math.max(...delivered.values()) : NaN;
    const inTime = [...delivered.values()].filter((at) => at <= mailDeadline).length;

    // ---- the database: stored tickets against the answers ----
    const db = new Database(join(dataDir, 'festival.sqlite'), { fileMustExist: true });
    let stored;
    let counter;
    let outbox;
    try {
      db.pragma('busy_timeout = 5000');
      stored = db.prepare('SELECT ticket_reference AS reference, email, number_of_tickets AS tickets FROM registrations').all();
      counter = db.prepare("SELECT used FROM counters WHERE name = 'registrations'").get()?.used;
      // For a stall: how many are leased, how often tried, when due, and the last error seen.
      outbox = db
        .prepare(
          "SELECT status, count(*) AS n, count(lease_owner) AS leased, max(attempts) AS attempts, min(next_attempt_at) AS due, max(last_error) AS error FROM outbox WHERE topic = 'mail' GROUP BY status",
        )
        .all();
    } finally {
      db.close();
    }
    const byReference = new Map(stored.map((row) => [row.reference, row]));
    const lostAccepted = [...accepted.entries()].filter(([email, a]) => {
      const row = byReference.get(a.reference);
      return !row || row.email !== email || Number(row.tickets) !== a.tickets;
    }).length;
    const acceptedRefs = new Set([...accepted.values()].map((a) => a.reference));
    const unconfirmed = stored.filter((row) => !acceptedRefs.has(row.reference)).length;
    const storedTickets = stored.reduce((a, row) => a + Number(row.tickets), 0);
    const oversold = Math.max(0, storedTickets - RUSH.capacity, Number(counter ?? 0) - RUSH.capacity);

    const figures = {
      offered: RUSH.requests, rate: RUSH.perSecond, answered, accepted: accepted.size, soldOut, other: otherCount, unanswered,
      p50, p95, p99, max, askedTickets, acceptedTickets, storedTickets, counter, capacity: RUSH.capacity, oversold,
      lostAccepted, unconfirmed, mailsDelivered: delivered.size, mailsInTime: inTime, duplicates, strays,
      lastMailAfterRushS: (lastMailAt - rushEnd) / 1000, lastMailAfterStartS: (lastMailAt - r.firstDueAt) / 1000,
      rushS: (rushEnd - r.firstDueAt) / 1000, machineLoad, rushCpuS, p99PerSecond: perSecond,
    };

    // ---- report ----
    const lines = [];
    lines.push(`Registration rush: ${fmt(RUSH.requests)} × POST ${path} offered at ${RUSH.perSecond}/s through ${nginx ? 'nginx' : 'next start (no nginx)'}, open loop (≤ ${RUSH.maxInFlight} in flight, ${secs(RUSH.timeoutMs)} s timeout each), SQLite, capacity ${fmt(RUSH.capacity)} wristbands, mail over SMTP to 127.0.0.1 · load ${machineLoad.toFixed(1)} at the start`);
    lines.push(`  answers:    ${fmt(answered)} of ${fmt(RUSH.requests)} answered in ${secs(rushEnd - r.firstDueAt)} s · ${fmt(accepted.size)} accepted (201) · ${fmt(soldOut)} refused sold out (409) · ${fmt(otherCount)} other · ${fmt(unanswered)} unanswered`);
    for (const [what, n] of other) lines.push(`              ${n} × ${what}`);
    lines.push(`  latency:    p50 ${fmtMs(p50)} ms · p95 ${fmtMs(p95)} ms · p99 ${fmtMs(p99)} ms · max ${fmtMs(max)} ms (from each request's due time)`);
    lines.push(`  p99 by second of the schedule (ms): ${perSecond.map(fmtMs).join(' · ')} · the server used ${rushCpuS.toFixed(1)} s of CPU over the ${secs(rushEnd - r.firstDueAt)} s`);
    lines.push(`  wristbands: ${fmt(askedTickets)} asked · ${fmt(acceptedTickets)} accepted · ${fmt(storedTickets)} stored (counter ${fmt(Number(counter))}) · capacity ${fmt(RUSH.capacity)} · oversold ${fmt(oversold)}`);
    lines.push(`  stored:     ${fmt(stored.length)} registrations · ${fmt(lostAccepted)} accepted but not stored as answered · ${fmt(unconfirmed)} stored without a 201`);
    lines.push(`  mail:       ${fmt(delivered.size)} of ${fmt(accepted.size)} ticket mails received by the SMTP server${delivered.size ? `, the last ${secs(lastMailAt - rushEnd)} s after the rush's last answer (${secs(lastMailAt - r.firstDueAt)} s after its first request)` : ''} · ${duplicates} duplicate(s) · ${strays} other message(s) · outbox ${outbox.map((o) => `${o.status} ${o.n}`).join(', ') || 'empty'}`);
    for (const o of outbox.filter((x) => x.status !== 'done')) {
      lines.push(`              outbox ${o.status}: ${o.leased} leased · up to ${o.attempts} attempt(s) · first due ${o.due} (the check ran at ${new Date().toISOString()})${o.error ? ` · last error: ${String(o.error).slice(0, 120)}` : ''}`);
    }
    const rows = [
      ['answered', `${fmt(answered)} / ${fmt(RUSH.requests)}`, `all ${fmt(RUSH_TARGETS.requests)}`, answered === RUSH.requests && RUSH.requests >= RUSH_TARGETS.requests],
      ['refusals other than sold out', fmt(otherCount), '0', otherCount === 0],
      ['lost (accepted not stored + stored not accepted)', fmt(lostAccepted + unconfirmed), '0', lostAccepted + unconfirmed === 0],
      ['wristbands oversold', fmt(oversold), '0', oversold === 0],
      ['p99 ms', fmtMs(p99), `< ${RUSH_TARGETS.p99Ms}`, p99 < RUSH_TARGETS.p99Ms],
      [`ticket mails within ${RUSH_TARGETS.mailWithinS} s`, `${fmt(inTime)} / ${fmt(accepted.size)}`, 'all accepted', inTime === accepted.size && accepted.size > 0],
    ];
    lines.push('');
    lines.push(`${'rush target'.padEnd(50)} ${'measured'.padStart(12)} ${'target'.padStart(14)}`);
    for (const [what, got, want, ok] of rows) lines.push(`${what.padEnd(50)} ${got.padStart(12)} ${want.padStart(14)}  ${ok ? 'met' : 'MISSED'}`);

    const missed = [];
    if (RUSH.requests < RUSH_TARGETS.requests || RUSH.perSecond < RUSH_TARGETS.perSecond) {
      missed.push(`rush: run smaller than the target's (${fmt(RUSH.requests)} at ${RUSH.perSecond}/s, not ${fmt(RUSH_TARGETS.requests)} at ${RUSH_TARGETS.perSecond}/s: BENCH_RUSH_REQUESTS / BENCH_RUSH_RATE)`);
    }
    if (answered !== RUSH.requests) missed.push(`rush: ${fmt(RUSH.requests - answered)} of ${fmt(RUSH.requests)} registrations never answered`);
    if (otherCount) missed.push(`rush: ${fmt(otherCount)} answers neither accepted nor sold out (${[...other].filter(([w]) => !w.startsWith('no answer')).map(([w, n]) => `${n} × ${w}`).join('; ')})`);
    if (lostAccepted) missed.push(`rush: ${fmt(lostAccepted)} accepted registrations not stored as answered`);
    if (unconfirmed) missed.push(`rush: ${fmt(unconfirmed)} registrations stored without a 201`);
    if (oversold) missed.push(`rush: ${fmt(oversold)} wristbands oversold (capacity ${fmt(RUSH.capacity)})`);
    if (!(p99 < RUSH_TARGETS.p99Ms)) missed.push(`rush: registration p99 ${fmtMs(p99)} ms ≥ ${RUSH_TARGETS.p99Ms} ms`);
    if (accepted.size === 0) missed.push('rush: no registration accepted');
    else if (inTime !== accepted.size) missed.push(`rush: ${fmt(inTime)} of ${fmt(accepted.size)} ticket mails received within ${RUSH_TARGETS.mailWithinS} s of the rush`);
    return { lines, missed, figures };
  } finally {
    await nginx?.stop();
    const running = () => server && server.exitCode === null && server.signalCode === null;
    if (running()) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (running()) server.kill('SIGKILL');
    }
    await Promise.race([smtp.close(), sleep(5_000)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
