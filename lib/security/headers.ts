/**
 * Security headers. The CSP is built per request (its nonce changes every time) in proxy.ts;
 * the static ones come from next.config.ts: some on every response, some on documents only.
 */
/** A fresh CSP nonce for one response: a random UUID, base64-encoded. */
export const newNonce = (): string => btoa(crypto.randomUUID());

export interface CspOptions {
  /** `next dev`: React reconstructs server errors with eval (Next's CSP guide). */
  dev?: boolean;
  /** Origins of the external backend's images (lib/config.ts imageOrigins). */
  imageOrigins?: readonly string[];
  /**
   * Where a form may send the browser besides this site: Paystack's checkout page, which the
   * donation form's answer redirects to (browsers apply form-action to a form's redirects too).
   */
  formActionOrigins?: readonly string[];
}

/**
 * Every page's policy: a fresh nonce with 'strict-dynamic' (Next puts the nonce on its own scripts
 * and inline payloads when it renders the page per request; scripts they load inherit the trust).
 */
export function buildCsp(nonce: string, { dev = false, imageOrigins = [], formActionOrigins = [] }: CspOptions = {}): string {
  return serializeCsp({
    'form-action': ["'self'", ...formActionOrigins],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // 'unsafe-inline' for style elements (no nonce: next to one, browsers ignore 'unsafe-inline').
    // Production inlines the CSS in <head> (next.config.ts experimental.inlineCss, issue 15), and
    // React 19.3 writes that hoisted <style> without a nonce: Next 16.4 hands React the nonce as a
    // string, which React applies to scripts only. In dev, Next's overlay injects unnonced styles
    // too. Scripts stay nonce-only; styles cannot run script, and img-src/connect-src keep what a
    // style could load on this origin. docs/decisions.md, "Inline CSS, per-route CSS chunks", says what this trades.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
  });
}

function serializeCsp(sources: { 'script-src': string[]; 'style-src': string[]; 'img-src': string[]; 'form-action': string[] }): string {
  const directives: Record<string, string[]> = {
    // Nothing is allowed unless a directive below says so.
    'default-src': ["'none'"],
    ...sources,
    // React renders style={} props as attributes; allowing those carries no script risk.
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The /api answers' policy (JSON and CSV, never a page): nothing may load or run, nobody may frame
 * them. Fixed, from next.config.ts: no nonce is needed where no script may run.
 */
export const API_CSP = "default-src 'none'; base-uri 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'none'";

// No `interest-cohort`: FLoC was withdrawn from Chromium (its trial ended in 2021), so the directive
// switches nothing off and only adds bytes to every response.
const PERMISSIONS = (camera: string) => `camera=${camera}, microphone=(), geolocation=(), payment=(self), usb=()`;

/** The gate check-in page scans QR codes with the phone's camera: the one page allowed to ask for it. */
export const CAMERA_PAGES = ['/staff/check-in'] as const;
export const cameraPermissionsHeader = { key: 'Permissions-Policy', value: PERMISSIONS('(self)') };

/** On every response, the framework's hashed files and optimised images included. */
export const staticSecurityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];

/**
 * Headers that only mean something on a document (framing, the referrer a page sends, the
 * features it may use, its browsing-context group). Not on scripts and images: about 0.2 KB on
 * each of the ~20 responses of a first visit, which an HTTP/1.1 connection (one Node server without
 * a proxy in front) sends uncompressed (issue 15).
 */
export const documentSecurityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: PERMISSIONS('()') },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * Every path but the framework's own files (`/_next/static/…`, content-hashed scripts and fonts)
 * and the image optimiser (`/_next/image`, which sends its own sandboxing CSP). A path-to-regexp
 * source with a negative lookahead, as Next's headers() documents for regex paths.
 */
export const DOCUMENT_PATHS = '/:path((?!_next/static/|_next/image$).*)';

/** The public/images/patterns tiles (next.config.ts): a day fresh, a month stale-while-revalidate. */
export const PATTERN_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=2592000';
