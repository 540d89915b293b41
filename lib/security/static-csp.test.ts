import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHashCsp } from './headers';
import { scan } from './observatory';
import { createStaticCspLookup, inlineHashes, PREVIOUS_VERSION_GRACE_MS, routeCacheHtmlPath, routeOfAppPage } from './static-csp';

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('inlineHashes', () => {
  it('hashes inline scripts and styles, skipping script files and JSON data blocks', () => {
    const html =
      '<style>body{color:red}</style><script src="/a.js" async=""></script><script>self.__next_f=[]</script>' +
      '<script type="application/ld+json">{"@type":"Event"}</script><script id="x">go()</script><script>go()</script>';
    expect(inlineHashes(html)).toEqual({ scripts: [hash('self.__next_f=[]'), hash('go()')], styles: [hash('body{color:red}')] });
  });
});

describe('createStaticCspLookup', () => {
  function fakeBuild() {
    const dist = mkdtempSync(join(tmpdir(), 'static-csp-'));
    mkdirSync(join(dist, 'server', 'app'), { recursive: true });
    const routes = { '/': {}, '/about': {}, '/_not-found': {}, '/robots.txt': {}, '/gone': {} };
    writeFileSync(join(dist, 'prerender-manifest.json'), JSON.stringify({ routes }));
    writeFileSync(join(dist, 'server', 'app', 'index.html'), '<script>home()</script>');
    writeFileSync(join(dist, 'server', 'app', 'about.html'), '<script>about()</script>');
    writeFileSync(join(dist, 'server', 'app', '_not-found.html'), '<script>nf()</script>');
    writeFileSync(join(dist, 'server', 'app-paths-manifest.json'), JSON.stringify({ '/page': 'x', '/about/page': 'x', '/highlights/[slug]/page': 'x' }));
    return dist;
  }

  it('answers with the hashes of prerendered pages only, with or without a trailing slash', () => {
    const lookup = createStaticCspLookup(fakeBuild());
    expect(lookup('/')?.scripts).toEqual([hash('home()')]);
    expect(lookup('/about/')?.scripts).toEqual([hash('about()')]);
    expect(lookup('/_not-found')).toBeUndefined();
    expect(lookup('/gone')).toBeUndefined(); // listed but no HTML file
    expect(lookup('/highlights')).toBeUndefined();
  });

  it('re-reads a page that ISR rewrote, allowing the previous version for a grace period', async () => {
    const dist = fakeBuild();
    const lookup = createStaticCspLookup(dist);
    expect(lookup('/about', 0)?.scripts).toEqual([hash('about()')]);
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(join(dist, 'server', 'app', 'about.html'), '<script>about(2)</script>');
    expect(lookup('/about', 1_000)?.scripts).toEqual([hash('about(2)'), hash('about()')]);
    expect(lookup('/about', 1_000 + PREVIOUS_VERSION_GRACE_MS / 2)?.scripts).toEqual([hash('about(2)'), hash('about()')]);
    expect(lookup('/about', 2_000 + PREVIOUS_VERSION_GRACE_MS)?.scripts).toEqual([hash('about(2)')]);
  });

  it('pages of a dynamic route count once ISR has written them, and only plain slugs are looked up', () => {
    const dist = fakeBuild();
    const manifest = {
      routes: { '/': {} },
      dynamicRoutes: { '/highlights/[slug]': { routeRegex: '^/highlights/([^/]+?)(?:/)?$' } },
    };
    writeFileSync(join(dist, 'prerender-manifest.json'), JSON.stringify(manifest));
    const runtime = routeCacheHtmlPath(dist, '/highlights/[slug]/page', '/highlights/new-report');
    mkdirSync(dirname(runtime), { recursive: true });
    writeFileSync(runtime, '<script>report()</script>');
    const lookup = createStaticCspLookup(dist);
    expect(lookup('/highlights/new-report')?.scripts).toEqual([hash('report()')]);
    expect(lookup('/highlights/not-rendered-yet')).toBeUndefined();
    expect(lookup('/highlights/..%2F..%2Fabout')).toBeUndefined();
    expect(lookup('/about')).toBeUndefined(); // not in this manifest
  });

  it('prefers the copy next start rendered at run time (route-cache) to the build\'s', async () => {
    const dist = fakeBuild();
    const lookup = createStaticCspLookup(dist);
    expect(lookup('/', 0)?.scripts).toEqual([hash('home()')]);
    await new Promise((r) => setTimeout(r, 20));
    const runtime = routeCacheHtmlPath(dist, '/page', '/');
    mkdirSync(dirname(runtime), { recursive: true });
    writeFileSync(runtime, '<script>home(runtime)</script>');
    expect(runtime).toContain(join('route-cache', 'APP_PAGE', createHash('sha256').update('/page').digest('hex'), '$', 'index.html'));
    expect(lookup('/', 1_000)?.scripts).toEqual([hash('home(runtime)'), hash('home()')]);
    expect(lookup('/', 2_000 + PREVIOUS_VERSION_GRACE_MS)?.scripts).toEqual([hash('home(runtime)')]);
  });

  it('maps app page modules to the routes they serve', () => {
    expect(['/page', '/about/page', '/highlights/(list)/page', '/highlights/[slug]/page'].map(routeOfAppPage)).toEqual([
      '/',
      '/about',
      '/highlights',
      '/highlights/[slug]',
    ]);
  });

  it('without a build every page falls back to a nonce', () => {
    expect(createStaticCspLookup('/nonexistent')('/')).toBeUndefined();
  });

  it('the hash policy still grades A+', () => {
    const headers = new Headers({ 'content-type': 'text/html', 'content-security-policy': buildHashCsp({ scripts: [hash('x')], styles: [] }) });
    for (const [k, v] of [['strict-transport-security', 'max-age=63072000'], ['x-content-type-options', 'nosniff'], ['referrer-policy', 'no-referrer']]) {
      headers.set(k!, v!);
    }
    const result = scan({ url: 'https://itan.ng/', headers, body: '<script src="/a.js"></script>' });
    expect(result.tests['content-security-policy']?.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(result.score).toBeGreaterThanOrEqual(100);
  });
});
