import { serializeJsonLd, type JsonLdObject } from './json-ld';

/**
 * Structured data for search engines. A data block (not executable), so the nonce CSP does not
 * need to allow it; the content is escaped by serializeJsonLd.
 */
export function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
