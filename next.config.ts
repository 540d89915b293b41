import type { NextConfig } from 'next';
import { getConfig } from './lib/config';
import { FORM_POST_LIMIT_BYTES } from './contract/media/limits';
import { allowsPrivateImageHosts, remotePatternsFor } from './lib/images/remote';
import { cdnCacheRule } from './lib/http/shared-cache';
import { TICKET_WORKER_URL } from './components/tickets/offline-cache';
import { API_CSP, CAMERA_PAGES, DOCUMENT_PATHS, PATTERN_CACHE_CONTROL, cameraPermissionsHeader, documentSecurityHeaders, staticSecurityHeaders } from './lib/security/headers';

const { imageOrigins } = getConfig();

/** The ticket worker's own policy: it runs no other script and talks to this site only. */
const TICKET_WORKER_CSP = "default-src 'none'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

const nextConfig: NextConfig = {
  // A separate build folder per process lets parallel test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // NEXT_OUTPUT=standalone: a self-contained server in <distDir>/standalone with only the traced
  // files (for copying to a server or a container; `next start` does not serve that build). Vercel
  // ignores it and makes its own functions.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  poweredByHeader: false,
  // The contract's paths end in '/' (spec §7: /api/forms/newsletter/): a client written to it must
  // get its answer, not a 308 to the path without the slash. Pages keep their canonical URLs:
  // proxy.ts redirects a page URL with a trailing slash itself (Next's documented way).
  skipTrailingSlashRedirect: true,
  // The stylesheets inline in <head> (issue 15): on slow 4G each blocking stylesheet request cost a
  // round trip (~560 ms) before the first paint. docs/decisions.md, "Inline CSS, per-route CSS chunks".
  // cssChunking 'graph' with no cost per request: with the CSS inlined there are no stylesheet
  // requests to save, so each route gets only the CSS it imports instead of Turbopack's default
  // merged chunks, which put other routes' modules into the home page's HTML (issue 15).
  // Staff image uploads (issue 17) post the file in a multipart server action: up to
  // MEDIA_LIMITS.maxBytes (4 MB) plus the report's text fields. Public forms are small and the
  // backend keeps its own BODY_LIMIT_BYTES for them. proxy.ts answers larger posts with a 413 page.
  experimental: {
    inlineCss: true,
    cssChunking: { type: 'graph', requestCost: 0 },
    serverActions: { bodySizeLimit: FORM_POST_LIMIT_BYTES },
  },
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'pg', 'sharp'],
  // Files read at run time by path (the share images' fonts): listed so tracing keeps them even if
  // its own guess from the readFile call changes (scripts/vercel-check.mjs checks each function).
  outputFileTracingIncludes: {
    '/highlights/*': ['./lib/seo/fonts/*.ttf'],
    '/tickets/[reference]/ticket.png': ['./lib/seo/fonts/*.ttf'],
  },
  // scripts/test.sh runs `tsc --noEmit` once before it builds twice; every other build checks types.
  typescript: { ignoreBuildErrors: process.env.FESTIVAL_BUILD_SKIP_TYPECHECK === '1' },
  async headers() {
    // A later entry for the same header key wins (Next's headers() docs): the camera page's policy.
    return [
      { source: '/:path*', headers: [...staticSecurityHeaders] },
      { source: DOCUMENT_PATHS, headers: [...documentSecurityHeaders] },
      // Pages get theirs, with a nonce, from proxy.ts; /api is not matched there.
      { source: '/api/:path+', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
      ...CAMERA_PAGES.map((source) => ({ source, headers: [cameraPermissionsHeader] })),
      // CDNs keep anonymous public page views as nginx does (lib/http/shared-cache.ts: why here).
      { source: cdnCacheRule.source, missing: [...cdnCacheRule.missing], headers: [...cdnCacheRule.headers] },
      // The adire tiles every page's CSS draws (app/globals.css). Next serves public files with
      // max-age=0, so each page view revalidated them: a round trip each on slow data. A day fresh,
      // then a month served stale while it revalidates; a changed tile shows within a day.
      { source: '/images/patterns/:file', headers: [{ key: 'Cache-Control', value: PATTERN_CACHE_CONTROL }] },
      // The ticket worker (issue 29): checked with the server on every registration and update
      // (no-cache), as JavaScript, under a policy of its own (proxy.ts does not match it): the worker
      // only fetches this site's pages and files.
      {
        source: TICKET_WORKER_URL,
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Content-Type', value: 'text/javascript; charset=utf-8' },
          { key: 'Content-Security-Policy', value: TICKET_WORKER_CSP },
        ],
      },
    ];
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // 720: a full-width image on a 412 px phone at 1.75x needs 663 px; without it the 828 file was sent.
    deviceSizes: [360, 480, 640, 720, 828, 1080, 1280, 1600],
    // One quality, 50: AVIF about 20% smaller than at 60 (a 720 px LCP image 7.4 KB instead of
    // 9.3), which is what an image page's LCP on slow data is made of (docs/performance.md), and
    // the home page's first load must stay within 250 KB (issue 15).
    qualities: [50],
    remotePatterns: remotePatternsFor(imageOrigins),
    dangerouslyAllowLocalIP: allowsPrivateImageHosts(imageOrigins),
  },
};

export default nextConfig;
