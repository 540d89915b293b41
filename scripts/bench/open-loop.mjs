// An open-loop load generator: requests are sent on a fixed schedule (rate per second), whatever
// the server's answers, and each latency is measured from when its request was *due*. autocannon
// is closed-loop (a connection waits for its answer) and its `overallRate` sends in bursts, so
// neither says "p99 at N requests a second". Used by scripts/bench/rush.mjs (the registration rush).
//
// Bounded: at most `maxSockets` requests are on the wire at once (a request due while all are busy
// waits in the agent, and that wait counts in its latency, since latency runs from the due time),
// and each request is abandoned `timeoutMs` after it was due (counted in `timeouts`, never answered).
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {{ i: number, status?: number, body?: string, latencyMs: number, error?: string }} RequestResult
 * @param {{ url: string, rate: number, durationS?: number, count?: number, method?: string,
 *   headers?: Record<string,string> | ((i: number) => Record<string,string>), body?: (i: number) => string,
 *   maxSockets?: number, timeoutMs?: number, keepBodies?: boolean }} options
 * @returns {Promise<{ sent: number, ok: number, non2xx: number, errors: number, timeouts: number, rps: number,
 *   p50: number, p95: number, p99: number, max: number, firstDueAt: number, lastAnswerAt: number, results: RequestResult[] }>}
 *   (`firstDueAt`, `lastAnswerAt`: performance.now() times; `results` in request order)
 */
export async function openLoop({ url, rate, durationS, count, method = 'GET', headers = {}, body, maxSockets = 256, timeoutMs = 30_000, keepBodies = false }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const total = count ?? Math.round(rate * (durationS ?? 10));
  /** @type {RequestResult[]} */
  const results = new Array(total);
  let lastAnswerAt = 0;
  const pending = [];

  const send = (due, i) =>
    new Promise((resolve) => {
      const payload = body ? Buffer.from(body(i)) : undefined;
      const extra = typeof headers === 'function' ? headers(i) : headers;
      let settled = false;
      const settle = (result) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        results[i] = { i, latencyMs: performance.now() - due, ...result };
        resolve();
      };
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: { ...extra, ...(payload ? { 'content-length': payload.length } : {}) } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => { if (keepBodies) chunks.push(chunk); });
          res.on('end', () => {
            lastAnswerAt = performance.now();
            settle({ status: res.statusCode, ...(keepBodies ? { body: Buffer.concat(chunks).toString('utf8') } : {}) });
          });
          res.on('error', (error) => settle({ error: error.message }));
        },
      );
      // From the due time, like the latency: a request stuck in the agent's queue times out too.
      const timer = setTimeout(() => {
        settle({ error: 'timeout' });
        req.destroy(new Error('timeout'));
      }, Math.max(1, due + timeoutMs - performance.now()));
      req.on('error', (error) => settle({ error: error.message }));
      req.end(payload);
    });

  const start = performance.now();
  let i = 0;
  while (i < total) {
    const now = performance.now();
    // Everything that is due goes now (a late timer never thins the schedule).
    while (i < total && start + (i * 1000) / rate <= now) {
      pending.push(send(start + (i * 1000) / rate, i));
      i += 1;
    }
    await sleep(1);
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  const answered = results.filter((r) => r.status !== undefined);
  const latencies = answered.map((r) => r.latencyMs).sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]) : NaN);
  const ok = answered.filter((r) => r.status >= 200 && r.status < 300).length;
  return {
    sent: total,
    ok,
    non2xx: answered.length - ok,
    errors: results.filter((r) => r.error && r.error !== 'timeout').length,
    timeouts: results.filter((r) => r.error === 'timeout').length,
    rps: Math.round(ok / elapsedS),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: latencies.length ? Math.round(latencies[latencies.length - 1]) : NaN,
    firstDueAt: start,
    lastAnswerAt,
    results,
  };
}
