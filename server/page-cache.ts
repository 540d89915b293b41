import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isApiPath } from '../lib/api/paths';

/**
 * A micro-cache in front of Next for prerendered pages (docs/performance.md, "Capacity").
 *
 * Next serves a prerendered page from its own cache, but its per-request work (routing, the
 * proxy, headers, compression) costs about 2 ms of CPU on this project's two-core target, which
 * caps a page near 400 views a second. This keeps the finished response (status, headers, and the
 * body already compressed for that Accept-Encoding) for a few seconds and replays it, byte for
 * byte: the CSP in the stored headers is the one computed for that very body.
 *
 * Only responses Next marks shareable are kept: 200, `Cache-Control` with `s-maxage` and neither
 * `private` nor `no-store`, no `Set-Cookie`. Pages rendered per request (forms, the nonce CSP) say
 * `private, no-store` and always go through. Only plain page views are eligible: no query string,
 * no client-router (RSC, prefetch) or server-action headers.
 */

export interface CachedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  ttlMs: number;
}

export interface PageCacheOptions {
  /** Longest a response is replayed; a page's own s-maxage caps it further. */
  maxTtlMs?: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  now?: () => number;
}

const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'next-url'];

/** Whether a request may be answered from (and stored in) the cache. */
export function isCacheable(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (!url.startsWith('/') || url.includes('?') || isApiPath(url) || url.startsWith('/_next/')) return false;
  return !ROUTER_HEADERS.some((h) => req.headers[h] !== undefined);
}

/** The key: the path and the exact Accept-Encoding (the stored body is compressed for it). */
export function cacheKey(req: Pick<IncomingMessage, 'url' | 'headers'>): string {
  const encoding = req.headers['accept-encoding'];
  return `${req.url}\n${Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')}`;
}

/** How long Next lets shared caches keep this response, in ms; undefined when not shareable. */
export function shareableTtlMs(status: number, headers: OutgoingHttpHeaders): number | undefined {
  if (status !== 200 || headers['set-cookie'] !== undefined) return undefined;
  const cc = String(headers['cache-control'] ?? '').toLowerCase();
  if (/\b(private|no-store|no-cache)\b/.test(cc)) return undefined;
  const sMaxAge = /s-maxage=(\d+)/.exec(cc);
  return sMaxAge ? Number(sMaxAge[1]) * 1000 : undefined;
}

export function createPageCache({ maxTtlMs = 5_000, maxEntries = 500, maxBodyBytes = 1_000_000, now = Date.now }: PageCacheOptions = {}) {
  const entries = new Map<string, CachedResponse>();

  function lookup(key: string): CachedResponse | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (now() - hit.storedAt >= hit.ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return hit;
  }

  function store(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
    const ttl = shareableTtlMs(status, headers);
    if (ttl === undefined || ttl <= 0 || body.length > maxBodyBytes) return;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { status, headers, body, storedAt: now(), ttlMs: Math.min(ttl, maxTtlMs) });
  }

  /** Lets the response through to the client while keeping a copy to store when it ends. */
  function capture(key: string, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > maxBodyBytes) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      chunks.push(buffer);
      size += buffer.length;
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      store(key, res.statusCode, res.getHeaders(), Buffer.concat(chunks));
      return end(...args);
    }) as ServerResponse['end'];
  }

  return {
    /**
     * Answers from the cache when it can and returns true. Otherwise returns false, having set
     * the response up to be kept when it ends (if the request is eligible): pass it on to Next.
     */
    serveOrCapture(req: IncomingMessage, res: ServerResponse): boolean {
      if (!isCacheable(req)) return false;
      const key = cacheKey(req);
      const hit = lookup(key);
      if (hit) {
        res.writeHead(hit.status, { ...hit.headers, 'x-page-cache': 'HIT' });
        res.end(req.method === 'HEAD' ? undefined : hit.body);
        return true;
      }
      // A HEAD response has no body to keep.
      if (req.method === 'GET') capture(key, res);
      return false;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
