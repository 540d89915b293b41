// Why a page's Lighthouse LCP is what it is. Lighthouse's simulated LCP (lantern) replays on slow
// 4G every request that finished before the LCP it observed in its own unthrottled run (a script
// is left out only when its long evaluation task began after that moment). On loopback the
// framework's ~140 KB of JS arrives within tens of milliseconds, so unless the page paints sooner
// than that, the whole download is part of its LCP estimate: about a second on slow 4G.
// docs/decisions.md, "Judging speed against an empty Next page".

/**
 * The page's `/_next/static/` scripts whose download had finished at `cutoffTs` (trace clock, µs:
 * the observed LCP): how many, of how many, and their encoded bytes.
 */
export function scriptsLoadedBefore(traceEvents, cutoffTs) {
  const scriptIds = new Set();
  for (const event of traceEvents) {
    const data = event.args?.data;
    if (event.name === 'ResourceSendRequest' && data?.resourceType === 'Script' && String(data.url).includes('/_next/static/')) {
      scriptIds.add(data.requestId);
    }
  }
  let count = 0;
  let bytes = 0;
  for (const event of traceEvents) {
    const data = event.args?.data;
    if (event.name !== 'ResourceFinish' || !scriptIds.has(data?.requestId) || data.didFail) continue;
    const finishedAt = typeof data.finishTime === 'number' && data.finishTime > 0 ? data.finishTime * 1e6 : event.ts;
    if (finishedAt <= cutoffTs) {
      count += 1;
      bytes += data.encodedDataLength ?? 0;
    }
  }
  return { count, total: scriptIds.size, bytes };
}
