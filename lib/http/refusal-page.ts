import { escapeXml } from '@/contract/feeds/xml';
import { FESTIVAL_NAME } from '@/contract/festival';

/** What a refusal page says: a heading, one sentence, and the way back. */
export interface RefusalText {
  title: string;
  message: string;
  back: string;
}

/**
 * A small page of its own (no scripts, no styles) for a request proxy.ts refuses before the app
 * sees it: too large (413), unreadable (400), from another site (403). Every security header the
 * site's pages carry comes from next.config.ts; its own CSP allows nothing to run.
 */
export function refusalPage(status: number, text: RefusalText, backHref: string, extraHeaders: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="en-NG">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeXml(text.title)} · ${escapeXml(FESTIVAL_NAME)}</title></head>
<body>
<main>
<h1>${escapeXml(text.title)}</h1>
<p>${escapeXml(text.message)}</p>
<p><a href="${escapeXml(backHref)}">${escapeXml(text.back)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'X-Robots-Tag': 'noindex',
      ...extraHeaders,
    },
  });
}

/** A URL whose percent-encoding does not decode (`/%ff`): Next would answer a bare 500. */
export const BAD_ADDRESS: RefusalText = {
  title: 'This address cannot be read',
  message: 'The link has characters that do not make a web address. Check the link, or start again from the home page.',
  back: 'Go to the home page',
};

/** The same for an /api path, in the contract's result pattern (spec §7). */
export const BAD_ADDRESS_API = { success: false, message: 'The request address is not valid percent-encoded UTF-8.', errors: {} } as const;

/** A page post whose body does not parse as the form it claims to be. */
export const UNREADABLE_FORM: RefusalText = {
  title: 'The form could not be read',
  message: 'What reached us was not a complete form, so nothing was saved. Go back and send the form again.',
  back: 'Back to the form',
};

/** A form post from another website (a forged request); the festival's own pages never send one. */
export const CROSS_SITE_FORM: RefusalText = {
  title: 'This form was sent from another website',
  message: 'For your safety we only accept forms sent from this site, so nothing was saved. Open the form here and send it again.',
  back: 'Back to the form',
};
