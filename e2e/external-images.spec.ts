import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../scripts/support/ports';
import sharp from 'sharp';
import { heroFallback } from '../contract/fallbacks';
import { recordCspViolations } from './support/csp-violations';

/**
 * Images from the festival's own backend (API_BASE_URL): its origin is allowed by next/image's
 * remotePatterns and the CSP's img-src (lib/config.ts imageOrigins), so its images show; a broken
 * one still falls back to the placeholder. The "backend" is a second local HTTP server that answers
 * the hero endpoint with an image it serves itself (everything else 404s, so the rest falls back).
 */
test.describe('images from an external backend @js', () => {
  test.describe.configure({ timeout: 120_000 });
  let api: http.Server;
  let site: ChildProcess | undefined;
  let siteUrl = '';
  let apiOrigin = '';
  let dataDir = '';
  const imageRequests: string[] = [];

  test.beforeAll(async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } }).png().toBuffer();
    const [apiPort, sitePort] = [await freePort(), await freePort()];
    apiOrigin = `http://127.0.0.1:${apiPort}`;
    api = http.createServer((req, res) => {
      if (req.url === '/media/hero.png') {
        imageRequests.push(req.url);
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        res.end(png);
      } else if (req.url === '/api/content/hero/') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...heroFallback, title: 'Hero from the festival backend', heroImage: `${apiOrigin}/media/hero.png` }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-images-e2e-'));
    siteUrl = `http://127.0.0.1:${sitePort}`;
    site = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(sitePort)], {
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', API_BASE_URL: apiOrigin, SITE_URL: siteUrl, DATA_DIR: dataDir },
      detached: true,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${siteUrl}/`)).status < 500) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('the site did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (site?.pid) process.kill(-site.pid, 'SIGTERM');
    await new Promise((resolve) => api?.close(resolve));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the backend image shows, optimised through next/image, with no CSP violation', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto(`${siteUrl}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hero from the festival backend');
    const hero = page.locator('img[src*="media%2Fhero.png"]').first();
    await expect(hero).toBeVisible();
    // Loaded, not the placeholder: the optimizer fetched it from the backend and it decoded.
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await hero.getAttribute('src')).toContain('/_next/image?url=');
    expect(imageRequests.length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  test('the CSP and the image optimizer allow the backend origin, and nothing else', async ({ request }) => {
    const csp = (await request.get(`${siteUrl}/`)).headers()['content-security-policy'] ?? '';
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(apiOrigin);
    const other = await request.get(`${siteUrl}/_next/image?url=${encodeURIComponent('http://127.0.0.1:9/x.png')}&w=640&q=75`);
    expect(other.status()).toBe(400);
  });
});
