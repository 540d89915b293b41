// Relative: next.config.ts imports this module, outside the bundler's path aliases.
import { blockListOf, contains } from '../../contract/net/ranges'; // relative: loaded by next.config.ts, which knows no @/ alias

/**
 * next/image's settings for the external backend's images (lib/config.ts imageOrigins): each
 * origin becomes a remote pattern, so the optimizer fetches, resizes and serves them from our
 * origin (small AVIF on a phone), and the CSP's img-src lists the origins as well.
 */
export function remotePatternsFor(origins: readonly string[]): URL[] {
  return origins.map((origin) => new URL(`${origin}/**`));
}

const NOT_PUBLIC = blockListOf(['loopback', 'private', 'linkLocal']);

/** Whether a host is on this machine or a private network (Next 16 refuses those by default). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return contains(NOT_PUBLIC, host);
}

/**
 * The optimizer may fetch from a private address only when the festival itself configured one
 * (its backend runs beside the site on a private network); never by default.
 */
export const allowsPrivateImageHosts = (origins: readonly string[]): boolean =>
  origins.some((origin) => isPrivateHost(new URL(origin).hostname));
