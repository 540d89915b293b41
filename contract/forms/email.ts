/**
 * One address, one spelling (issue 32): every email field's value goes through canonicalEmail
 * before it is validated, stored, compared, de-duplicated or counted against a cap, so
 * "VICTIM@Example.ORG", "ｖｉｃｔｉｍ＠ｅｘａｍｐｌｅ．ｏｒｇ" and "victim@example.org" are one subscriber,
 * and "victim@example.org" with an invisible character in it is refused rather than stored as a
 * look-alike of somebody else's address.
 *
 * Browser-safe on purpose (the forms' on-blur check runs it): no Node module, only
 * String.prototype.normalize and the WHATWG URL parser, which does IDNA (UTS #46) in every runtime.
 */

/**
 * Refused anywhere, the ends included: format characters (zero-width space and joiners, word
 * joiner, soft hyphen, byte-order mark, and the bidi embeddings, overrides and isolates: \p{Cf}).
 */
const FORMAT_CHARACTERS = /\p{Cf}/u;
/** Refused inside an address (around it they are trimmed): every space, line break and control character. */
const SPACE_OR_CONTROL = /[\p{Z}\p{Cc}\s]/u;
/**
 * The local part: RFC 5322 "atext" and dots, plus letters, digits and marks of any script (RFC
 * 6531). Quoted local parts and the specials (, ; : < > ( ) [ ] \ ") are refused: no person types
 * them, and a mail library reading "a,b@example.org" sees two recipients.
 */
const LOCAL_PART = /^[\p{L}\p{N}\p{M}!#$%&'*+\-/=?^_`{|}~.]+$/u;
/** The domain once in ASCII, its root dot dropped: letters, digits and hyphens, in dot-separated labels. */
const ASCII_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
/** Characters the URL parser would read as something other than a host (or decode). */
const URL_SYNTAX = /[/\\?#:@%[\]]/;

/**
 * The domain in ASCII (IDNA, lower case) without the DNS root's final dot, or undefined when it is
 * not a domain name. "example.com." names the same domain as "example.com" (issue 42): kept, it
 * made a second spelling of one address (a second registration beside the first) and a recipient
 * mail servers refuse (501), so it is dropped here, once, for every address the contract reads.
 */
function asciiDomain(domain: string): string | undefined {
  if (domain === '' || URL_SYNTAX.test(domain)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
  // An ASCII domain must come back only lower-cased: the parser also rewrites numeric hosts
  // ("0x7f.1" → "127.0.0.1"), and an address must not turn into another one on the way in.
  // (Controls were refused before, so printable ASCII is all of ASCII here.)
  if (/^[ -~]*$/.test(domain) && host !== domain.toLowerCase()) return undefined;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return ASCII_DOMAIN.test(name) ? name : undefined;
}

/**
 * The canonical form of an email address: Unicode NFKC (full-width and compatibility forms folded),
 * trimmed, refused if it holds a format character, a bidi control, a space or a control
 * character, the domain converted to ASCII (IDNA: "bücher.example" → "xn--bcher-kva.example")
 * without its root dot ("example.com." → "example.com"), and all in lower case. Undefined when
 * the text is not an address we accept (the field then shows the spec's 'Please enter a valid
 * email address').
 */
export function canonicalEmail(raw: string): string | undefined {
  const normalised = raw.normalize('NFKC');
  // Before trimming: trim() would quietly drop a byte-order mark at either end.
  if (FORMAT_CHARACTERS.test(normalised)) return undefined;
  const text = normalised.trim();
  if (text === '' || SPACE_OR_CONTROL.test(text)) return undefined;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return undefined;
  const local = text.slice(0, at).toLowerCase();
  if (!LOCAL_PART.test(local)) return undefined;
  const domain = asciiDomain(text.slice(at + 1).toLowerCase());
  if (!domain) return undefined;
  return `${local}@${domain}`;
}
