import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { BackendApp } from './app';
import { declaredBodyLength, DISCARD_LIMIT_BYTES } from '@/contract/http/body-size';
import { failureBody, HTTP_MESSAGES } from './kernel/http';

/** How long a closing connection keeps reading (and discarding) an upload, so the client reads our 413 rather than a reset. */
const LINGER_MS = 2_000;

export interface BackendServerOptions {
  bodyLimitBytes: number;
}

/**
 * The standalone backend's HTTP server: the app behind @hono/node-server's request listener, with
 * a declared too-large body refused before the app sees it (lib/body-size.ts says what happens to
 * the connection). @hono/node-server's own clean-up after an early answer gives up on an unread
 * body after half a second and destroys the socket, which the client saw as a reset on its next
 * request; here the body is discarded, or the connection closed on purpose.
 */
export function createBackendServer(app: BackendApp, { bodyLimitBytes }: BackendServerOptions): http.Server {
  const listener = getRequestListener(app.fetch);
  const body = JSON.stringify(failureBody(HTTP_MESSAGES.tooLarge));

  return http.createServer((req, res) => {
    const headers = { get: (name: string) => (req.headers[name] === undefined ? null : String(req.headers[name])) };
    const length = declaredBodyLength(headers);
    if (length === undefined || length <= bodyLimitBytes) {
      void listener(req, res);
      return;
    }
    const keepAlive = length <= DISCARD_LIMIT_BYTES;
    res.writeHead(413, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': Buffer.byteLength(body),
      ...(keepAlive ? {} : { Connection: 'close' }),
    });
    if (keepAlive) {
      // Read the declared rest and drop it; Node then parses the next request on this connection.
      req.resume();
      res.end(body);
      return;
    }
    // Closing, cleanly: the whole answer goes out now (its Content-Length tells the client it is
    // complete), but the response is ended, and the connection closed, only once the client has
    // finished its upload or LINGER_MS have passed. Closing a socket with unread data in it makes
    // the system send a reset, which can reach the client before it has read our 413.
    res.write(body);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      res.end();
    };
    const timer = setTimeout(end, LINGER_MS);
    timer.unref();
    req.on('end', end);
    req.on('error', end);
    req.resume();
  });
}
