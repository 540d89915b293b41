import { declaredBodyLength } from '@/contract/http/body-size';
import { escapeXml } from '@/contract/feeds/xml';
import { FESTIVAL_NAME } from '@/contract/festival';
import { FORM_POST_LIMIT_BYTES } from '@/contract/media/limits';

/**
 * Form posts to pages (server actions, with or without JavaScript) above FORM_POST_LIMIT_BYTES.
 * Next refuses them itself, but as a bare "Internal Server Error" (500) after reading the body;
 * proxy.ts answers them first, from the Content-Length, with this 413 page. Browsers always send a
 * Content-Length with a form; a chunked post still meets Next's own refusal.
 * The connection is kept: `next start` reads and discards the unread body once the answer is sent
 * (contract/http/body-size.ts), and a browser still sending its upload shows the page, where closing
 * the socket under it could end in a reset instead.
 */
export const FORM_POST_TOO_LARGE = {
  title: 'What you sent is too large',
  message: `The form and its files came to more than ${Math.round(FORM_POST_LIMIT_BYTES / (1024 * 1024))} MB, so nothing was saved. Go back, choose a smaller photo or file, and send the form again.`,
  back: 'Back to the form',
} as const;

export function isOversizedFormPost(method: string, headers: Headers): boolean {
  if (method !== 'POST') return false;
  const length = declaredBodyLength(headers);
  return length !== undefined && length > FORM_POST_LIMIT_BYTES;
}

/** A small page of its own (no scripts, no styles): the request never reaches the app. */
export function formPostTooLargeResponse(pathname: string): Response {
  const html = `<!doctype html>
<html lang="en-NG">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeXml(FORM_POST_TOO_LARGE.title)} · ${escapeXml(FESTIVAL_NAME)}</title></head>
<body>
<main>
<h1>${escapeXml(FORM_POST_TOO_LARGE.title)}</h1>
<p>${escapeXml(FORM_POST_TOO_LARGE.message)}</p>
<p><a href="${escapeXml(pathname)}">${escapeXml(FORM_POST_TOO_LARGE.back)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 413,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
