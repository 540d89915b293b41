import { createHash } from 'node:crypto';

/**
 * Conditional GETs (RFC 9110 §8.8.3, §13.1.2) for answers a client asks for again and again
 * (the gate's pack, every minute from every gate phone): a strong ETag over what the answer says,
 * and the If-None-Match check that lets the route answer 304 with no body.
 */

/** A strong entity tag for a representation: its SHA-256, base64url, quoted. */
export function strongEtag(representation: string): string {
  return `"${createHash('sha256').update(representation).digest('base64url')}"`;
}

/**
 * Whether If-None-Match names `etag` (then a GET answers 304): `*`, or a list of entity tags,
 * compared weakly as the RFC asks for this header (a W/ prefix is ignored). Anything unreadable
 * simply does not match: the full answer is never wrong.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
