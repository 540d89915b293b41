/**
 * Image uploads of the staff area (issue 17). Free of imports: next.config.ts reads it for the
 * server actions' body size limit (its loader does not resolve the @/ alias).
 */
export const MEDIA_LIMITS = {
  /** The file as sent: 4 MB stays under Vercel's 4.5 MB request body limit for functions. */
  maxBytes: 4 * 1024 * 1024,
  /** Decoded size: sharp refuses larger images before decoding their pixels. */
  maxPixels: 40_000_000,
  maxSide: 10_000,
  /** The stored image's longest side: the largest width next/image serves (next.config.ts deviceSizes). */
  storedMaxSide: 1600,
} as const;

/**
 * The largest request body a page's form may post (server actions, next.config.ts): one photo at
 * MEDIA_LIMITS.maxBytes plus the report's text fields. Larger posts are refused by proxy.ts with a
 * page that says so (lib/http/body-limit.ts); Next's own refusal is a bare 500.
 */
export const FORM_POST_LIMIT_BYTES = MEDIA_LIMITS.maxBytes + 1024 * 1024;
