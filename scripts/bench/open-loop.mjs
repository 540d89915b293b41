// An open-loop load generator: requests are sent on a fixed schedule (rate per second), whatever
// the server's answers, and each latency is measured from when its request was *due*. autocannon
// is closed-loop (a connection waits for its answer) and its `overallRate` sends in bursts, so
// neither says "p99 at 500 requests a second". Used by scripts/bench.mjs for that target.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {{ url: string, rate: number, durationS: number, method?: string, headers?: Record<string,string>, body?: (i: number) => string }} options
 * @returns {Promise<{ sent: number, ok: number, non2xx: number, errors: number, rps: number, p50: number, p99: number }>}
 */
export async function openLoop({ url, rate, durationS, method = 'GET', headers = {}, body }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationS);
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const pending = [];

  const send = (due, i) =>
    new Promise((resolve) => {
      const payload = body ? Buffer.from(body(i)) : undefined;
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: { ...headers, ...(payload ? { 'content-length': payload.length } : {}) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode >= 200 && res.statusCode < 300) ok += 1;
            else non2xx += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
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
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : NaN);
  return { sent: total, ok, non2xx, errors, rps: Math.round(ok / elapsedS), p50: pct(50), p99: pct(99) };
}
