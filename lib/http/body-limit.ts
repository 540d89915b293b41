import { declaredBodyLength } from '@/contract/http/body-size';
import { FORM_POST_LIMIT_BYTES } from '@/contract/media/limits';
import { refusalPage, type RefusalText } from './refusal-page';

/**
 * Form posts to pages (server actions, with or without JavaScript) above FORM_POST_LIMIT_BYTES.
 * Next refuses them itself, but as a bare "Internal Server Error" (500) after reading the body;
 * proxy.ts answers them first, from the Content-Length, with this 413 page. Browsers always send a
 * Content-Length with a form; a chunked post still meets Next's own refusal.
 * The connection is kept: `next start` reads and discards the unread body once the answer is sent
 * (contract/http/body-size.ts), and a browser still sending its upload shows the page, where closing
 * the socket under it could end in a reset instead.
 */
export const FORM_POST_TOO_LARGE: RefusalText = {
  title: 'What you sent is too large',
  message: `The form and its files came to more than ${Math.round(FORM_POST_LIMIT_BYTES / (1024 * 1024))} MB, so nothing was saved. Go back, choose a smaller photo or file, and send the form again.`,
  back: 'Back to the form',
};

export function isOversizedFormPost(method: string, headers: Headers): boolean {
  if (method !== 'POST') return false;
  const length = declaredBodyLength(headers);
  return length !== undefined && length > FORM_POST_LIMIT_BYTES;
}

/** The 413 page (lib/http/refusal-page.ts): the request never reaches the app. */
export function formPostTooLargeResponse(pathname: string): Response {
  return refusalPage(413, FORM_POST_TOO_LARGE, pathname);
}
