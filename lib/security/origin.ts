/**
 * Cross-site request refusal for the /api routes that change state. Browsers always say where a
 * request comes from (Origin on every cross-origin POST, Sec-Fetch-Site on every request), so a
 * forged cross-site form or fetch is recognisable. A request with neither header is not from a
 * browser (server-to-server, curl, the benchmark) and carries no ambient credentials to abuse.
 * The site's own server actions are not /api requests and keep Next's own origin check.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginCheckInput {
  method: string;
  /** The request URL as the server received it (http behind a TLS-terminating host). */
  url: string;
  origin: string | null;
  secFetchSite: string | null;
  host: string | null;
  forwardedHost: string | null;
  forwardedProto: string | null;
  /** The configured public address (SITE_URL), also accepted as "our origin". */
  siteUrl?: string;
}

export type OriginCheck = { allowed: true } | { allowed: false; reason: string };

/** The origins this server answers as: its own URL (as forwarded by a proxy) and SITE_URL. */
function ownOrigins(input: Pick<OriginCheckInput, 'url' | 'host' | 'forwardedHost' | 'forwardedProto' | 'siteUrl'>): Set<string> {
  const url = new URL(input.url);
  const host = (input.forwardedHost ?? input.host ?? url.host).split(',')[0]?.trim() || url.host;
  const proto = (input.forwardedProto ?? url.protocol.replace(/:$/, '')).split(',')[0]?.trim() || 'http';
  const origins = new Set([`${proto}://${host}`.toLowerCase(), url.origin.toLowerCase()]);
  if (input.siteUrl) {
    try {
      origins.add(new URL(input.siteUrl).origin.toLowerCase());
    } catch {
      // An unparsable SITE_URL adds nothing.
    }
  }
  return origins;
}

export function checkOrigin(input: OriginCheckInput): OriginCheck {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  if (input.origin !== null) {
    // "null" (sandboxed frames, file:, some redirects) is never our origin.
    return ownOrigins(input).has(input.origin.trim().toLowerCase())
      ? { allowed: true }
      : { allowed: false, reason: `origin ${input.origin} is not this site` };
  }
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site === undefined || site === 'same-origin' || site === 'none') return { allowed: true };
  return { allowed: false, reason: `Sec-Fetch-Site ${site} without Origin` };
}

/** checkOrigin for a fetch Request (proxy.ts, and the production server's /api path). */
export function checkRequestOrigin(request: Request, siteUrl: string | undefined): OriginCheck {
  const h = request.headers;
  return checkOrigin({
    method: request.method,
    url: request.url,
    origin: h.get('origin'),
    secFetchSite: h.get('sec-fetch-site'),
    host: h.get('host'),
    forwardedHost: h.get('x-forwarded-host'),
    forwardedProto: h.get('x-forwarded-proto'),
    siteUrl,
  });
}

/** The body of the 403, in the API's result pattern (spec §7). */
export const CROSS_SITE_REFUSED = {
  success: false,
  message: 'Cross-site requests are not allowed.',
  errors: {},
} as const;

/**
 * /api paths a request from anywhere may POST to, because a signed token in the URL, not the
 * visitor's cookies, is what authorises them: the RFC 8058 one-click unsubscribe, which a mail
 * provider (or a webmail page on its own origin) sends to the List-Unsubscribe URL. A forged
 * cross-site POST cannot carry a valid token, so the origin check adds nothing there.
 */
const TOKEN_AUTHORISED_API_PATHS = [/^\/api\/newsletter\/unsubscribe\/?$/];

export const isTokenAuthorisedApiPath = (pathname: string): boolean => TOKEN_AUTHORISED_API_PATHS.some((re) => re.test(pathname));
