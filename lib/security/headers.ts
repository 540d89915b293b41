/**
 * Security headers. The CSP is built per request (its nonce changes every time) in proxy.ts;
 * the static ones apply to every response, assets included, from next.config.ts.
 */
/** A fresh CSP nonce for one response: a random UUID, base64-encoded. */
export const newNonce = (): string => btoa(crypto.randomUUID());

export function buildCsp(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return serializeCsp({
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", `'nonce-${nonce}'`],
  });
}

/**
 * The CSP of a prerendered page (see static-csp.ts): its inline scripts and styles are allowed by
 * their sha256 hashes, its script files by 'self'. No 'strict-dynamic' here: under it a script file
 * needs an integrity attribute, and Next does not (yet) put one on every chunk it preloads. Our
 * origin serves only our build's files (JSON under /api is blocked as script by nosniff).
 */
export function buildHashCsp({ scripts, styles }: { scripts: string[]; styles: string[] }): string {
  return serializeCsp({ 'script-src': ["'self'", ...scripts], 'style-src': ["'self'", ...styles] });
}

function serializeCsp(sources: { 'script-src': string[]; 'style-src': string[] }): string {
  const directives: Record<string, string[]> = {
    // Nothing is allowed unless a directive below says so.
    'default-src': ["'none'"],
    ...sources,
    // React renders style={} props as attributes; allowing those carries no script risk.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const staticSecurityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];
