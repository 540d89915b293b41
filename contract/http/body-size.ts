/**
 * What happens to a connection after a 413 (issue 13, finding 8). A client that sent a body too
 * large has usually sent (or is still sending) all of it; the connection is only usable for the
 * next request once those bytes are off the wire.
 * - A declared body (Content-Length) up to DISCARD_LIMIT_BYTES: answered 413, the rest read and
 *   thrown away, the connection kept for the next request.
 * - A larger declared body, or a chunked one that passes the limit (its size is unknown): answered
 *   413 with `Connection: close`, so the client opens a new connection for its next request.
 * The standalone server (http-server.ts) does this before the app for declared lengths; the app
 * sets the header on its own 413s (app.ts), which is what `next start` sends.
 *
 * What we saw (Node 20, Next 16.4, @hono/node-server 1.19): plain `next start` never reset the
 * connection; Node itself reads and discards an unread body once the response is sent (of any
 * size, hence the bound above). The reset came from @hono/node-server's request listener (the
 * standalone backend, and the custom server's /api path): after an early answer it drains the
 * body for at most 500 ms, but the body stream it had already opened stops reading once its
 * buffer fills, so anything much over a few tens of kilobytes ended in socket.destroySoon().
 */
export const DISCARD_LIMIT_BYTES = 1024 * 1024;

type HeaderReader = { get(name: string): string | null };

/** The declared body length, if the request declares one (and is not chunked). */
export function declaredBodyLength(headers: HeaderReader): number | undefined {
  if (headers.get('transfer-encoding')) return undefined;
  const raw = headers.get('content-length');
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw);
}

/** Whether a 413 for this request can keep its connection (its remaining body is small enough to read). */
export function canKeepAliveAfter413(headers: HeaderReader): boolean {
  const length = declaredBodyLength(headers);
  return length !== undefined && length <= DISCARD_LIMIT_BYTES;
}
