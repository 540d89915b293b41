/**
 * The home page's first load on a phone over slow mobile data: a byte budget. Deterministic: it
 * counts bytes, not time. Issue 15's target, 250 KB: the framework's ~135 KB of JS, our ~9 KB,
 * ~29 KB of HTML (the CSS is inline and Next writes it three times), 32 KB of fonts, the images in
 * Chromium's lazy-loading distance (docs/performance.md, "Targets"). The page is loaded as
 * Lighthouse's mobile run loads it (412 x 823 at 1.75x, the slow-4G figures applied through
 * DevTools, which also tells Chromium the connection is slow and so widens its lazy-loading
 * distance), and every response that finished by network idle is summed: headers and body as
 * transferred (gzipped where sent so).
 * The budget is the target itself. The home page measured 247.2 KB here once scripts and images
 * stopped carrying the document-only security headers (lib/security/headers.ts); before that, with
 * the staff area merged, 250.7 KB. The timing targets live in the bench, never here.
 */
import { expect, test } from '@playwright/test';

const HOME_BUDGET_BYTES = 250 * 1024;

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

test('home page first load: at most 250 KB transferred on slow 4G @js', async ({ page }) => {
  test.setTimeout(60_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Lighthouse's mobileSlow4G with devtools throttling: 562.5 ms latency, 1.6 Mbit/s down, 0.75 up.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  const sizes: { url: string; bytes: number }[] = [];
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    sizes.push({ url: event.requestId, bytes: event.encodedDataLength });
  });
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
    urls.set(event.requestId, event.request.url);
  });
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const report = sizes
    .map((s) => `${(s.bytes / 1024).toFixed(1).padStart(6)} KB ${(urls.get(s.url) ?? s.url).replace(/^https?:\/\/[^/]+/, '')}`)
    .join('\n');
  test.info().annotations.push({ type: 'home-bytes', description: `${(total / 1024).toFixed(1)} KB\n${report}` });
  expect(total, `home page first load ${(total / 1024).toFixed(1)} KB > ${HOME_BUDGET_BYTES / 1024} KB:\n${report}`).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
});
