/**
 * Files are read, never written (issue 42): public/'s files (the ticket worker, images, fonts) and
 * Next's build files (/_next/static/) answer GET and HEAD. Next answers PUT, POST, DELETE, PATCH or
 * OPTIONS there with 500 (it sets `Allow: GET, HEAD` and then fails to render its /405 page), so
 * proxy.ts answers 405 itself, with the same Allow. Its matcher brings it only the requests a browser's
 * own loading of a file does not make (proxy.ts, config.matcher): a script, a style sheet, a font or
 * an image is fetched as GET with `Sec-Fetch-Dest` naming it, and never meets the proxy.
 *
 * TRACE cannot be answered here or anywhere in the app: Next builds a web Request for the proxy
 * (and for route handlers) and the Fetch standard forbids that method, so the request fails inside
 * Next before any of our code runs (500). The front refuses it: nginx (deploy/nginx/), a CDN.
 */
export const FILE_PATH = /^\/(?:_next\/static\/|fonts\/|images\/|ticket-sw\.js$)/;

export const FILE_METHODS = ['GET', 'HEAD'] as const;

/** The 405 for a file asked with another method than GET or HEAD; undefined for anything else. */
export function fileMethodRefusal(method: string, pathname: string): Response | undefined {
  if ((FILE_METHODS as readonly string[]).includes(method) || !FILE_PATH.test(pathname)) return undefined;
  return new Response('Method Not Allowed: files are read with GET or HEAD.\n', {
    status: 405,
    headers: { Allow: FILE_METHODS.join(', '), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
