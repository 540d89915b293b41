import http from 'node:http';

/**
 * A raw HTTP client for connection-level tests: one keep-alive agent with a single socket, so a
 * second request goes over the same connection as the first whenever the server keeps it open.
 * Used by the standalone backend's tests (vitest) and by the `next start` spec (Playwright).
 */
export interface ProbeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The request went out on a connection an earlier request had used (Node's reusedSocket). */
  reusedSocket: boolean;
  /** An error the connection reported after the response had arrived (a reset while uploading). */
  lateError?: string;
}

export interface ProbeRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Buffer;
  /** Send the body chunked (no Content-Length), in 16 KiB pieces. */
  chunked?: boolean;
  headers?: Record<string, string>;
}

export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

export function probe(agent: http.Agent, origin: string, request: ProbeRequest): Promise<ProbeResponse> {
  const url = new URL(request.path, origin);
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.body) {
    headers['content-type'] ??= 'application/json';
    if (request.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = request.body.length;
  }
  return new Promise((resolve, reject) => {
    let settled: ProbeResponse | undefined;
    const req = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: request.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        settled = { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), reusedSocket: req.reusedSocket };
        resolve(settled);
      });
      res.on('error', (e) => (settled ? (settled.lateError = e.message) : reject(e)));
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (settled) settled.lateError = `${e.code ?? ''} ${e.message}`.trim();
      else reject(e);
    });
    if (request.body && request.chunked) {
      for (let i = 0; i < request.body.length; i += 16 * 1024) req.write(request.body.subarray(i, i + 16 * 1024));
      req.end();
    } else {
      req.end(request.body);
    }
  });
}
