import { describe, expect, it } from 'vitest';
import { captureLog } from '@/test/support/log';
import { logRequestError } from './request-error';

/** instrumentation.ts's onRequestError: the one line staff find by the error page's reference. */
describe('logRequestError', () => {
  it('one error line with the digest, the request id, the method and the path without its query', () => {
    const { log, lines, entries } = captureLog();
    const error = Object.assign(new Error('could not load ada@example.com'), { digest: '2345678901' });
    logRequestError(
      error,
      { path: '/tickets/ITN-ABC123?token=abc.def&email=ada%40example.com', method: 'GET', headers: { 'x-request-id': 'visitor-ref-0005', cookie: 'authToken=t' } },
      { routePath: '/tickets/[reference]', routeType: 'render' },
      log,
    );
    expect(entries()).toEqual([
      {
        level: 'error',
        time: expect.any(String),
        digest: '2345678901',
        requestId: 'visitor-ref-0005',
        method: 'GET',
        path: '/tickets/ITN-ABC123',
        routePath: '/tickets/[reference]',
        routeType: 'render',
        msg: 'GET /tickets/ITN-ABC123 failed: Error: could not load a***@example.com',
      },
    ]);
    expect(lines.join('')).not.toMatch(/abc\.def|ada@|ada%40|authToken/);
  });

  it("drops an unsafe request id, and stays quiet for Next's own signals (notFound, redirect)", () => {
    const { log, entries } = captureLog();
    logRequestError(new Error('x'), { path: '/', method: 'GET', headers: { 'x-request-id': 'a b' } }, {}, log);
    expect(entries()[0]).not.toHaveProperty('requestId');
    for (const digest of ['NEXT_NOT_FOUND', 'NEXT_REDIRECT;replace;/x;307;', 'NEXT_HTTP_ERROR_FALLBACK;404', 'DYNAMIC_SERVER_USAGE']) {
      logRequestError(Object.assign(new Error(digest), { digest }), { path: '/', method: 'GET', headers: {} }, {}, log);
    }
    expect(entries()).toHaveLength(1);
  });
});
