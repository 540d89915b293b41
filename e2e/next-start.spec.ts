/**
 * The site as `next start` serves it (the production build scripts/test.sh made), with /api going
 * to the built-in backend through app/api/[...path]/route.ts. This spec starts its own two
 * servers on that build, so what it checks is plain `next start` whatever the suite's webServer
 * is: one with TRUSTED_PROXIES unset (the default) and one with TRUSTED_PROXIES=1 (behind a proxy).
 * - After a 413 the connection is still usable (issue 13, finding 8).
 * - What Next does with a client's own X-Forwarded-For (it passes it on as is) and what the rate
 *   limit makes of it (issue 13, finding 1).
 * It needs no browser and runs once (@js: the phone-js project only).
 */
import { expect, test } from '@playwright/test';
import { keepAliveAgent, probe } from '../test/support/http-probe';
import { FORM_POST_TOO_LARGE } from '../lib/http/body-limit';
import { FORM_POST_LIMIT_BYTES } from '../contract/media/limits';
import { startNext, stop, type Server } from './support/next-server';

const TOO_LARGE = 'The request body is too large.';

test.describe('plain next start @js', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let direct: Server | undefined;
  let behindProxy: Server | undefined;

  test.beforeAll(async () => {
    [direct, behindProxy] = await Promise.all([
      startNext({ TRUSTED_PROXIES: '' }),
      startNext({ TRUSTED_PROXIES: '1' }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([stop(direct), stop(behindProxy)]);
  });

  test('after a 413 the next request on the same connection succeeds; far too large says Connection: close', async () => {
    const origin = direct!.origin;
    const agent = keepAliveAgent();
    try {
      const hero = () => probe(agent, origin, { method: 'GET', path: '/api/content/hero' });
      const post = (bytes: number, chunked = false) =>
        probe(agent, origin, { method: 'POST', path: '/api/forms/partnerships', body: Buffer.alloc(bytes, 'x'), chunked });

      for (const bytes of [40_000, 1_000_000]) {
        const refused = await post(bytes);
        expect(refused.status, `${bytes} bytes`).toBe(413);
        expect(JSON.parse(refused.text)).toMatchObject({ success: false, message: TOO_LARGE });
        expect(refused.headers.connection, `${bytes} bytes`).not.toBe('close');
        const next = await hero();
        expect(next.status, `${bytes} bytes`).toBe(200);
        expect(next.reusedSocket, `${bytes} bytes: same connection`).toBe(true);
      }

      // Beyond 1 MiB the body is not worth reading: the 413 says the connection will close, and
      // the client's next request opens a new one.
      const far = await post(20_000_000);
      expect(far.status).toBe(413);
      expect(far.headers.connection).toBe('close');
      const afterFar = await hero();
      expect(afterFar.status).toBe(200);
      expect(afterFar.reusedSocket).toBe(false);

      const chunked = await post(1_000_000, true);
      expect(chunked.status).toBe(413);
      expect(chunked.headers.connection).toBe('close');
      expect((await hero()).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  test('a form post over the server actions\' limit gets the 413 page, not a 500; the connection serves the next page', async () => {
    const agent = keepAliveAgent();
    try {
      const big = await probe(agent, direct!.origin, {
        method: 'POST',
        path: '/register',
        body: Buffer.alloc(FORM_POST_LIMIT_BYTES + 1, 'x'),
        headers: { 'content-type': 'multipart/form-data; boundary=----x' },
      });
      expect(big.status).toBe(413);
      expect(big.headers['content-type']).toContain('text/html');
      expect(big.text).toContain(`<h1>${FORM_POST_TOO_LARGE.title}</h1>`);
      expect(big.lateError).toBeUndefined();
      const next = await probe(agent, direct!.origin, { method: 'GET', path: '/register' });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  const subscribe = (origin: string, forwardedFor: string, i: number) =>
    fetch(`${origin}/api/forms/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: `xff-${i}-${Date.now()}@example.com` }),
    }).then((r) => r.status);

  test('next start passes a client’s own X-Forwarded-For on as is: with TRUSTED_PROXIES unset it counts for nothing', async () => {
    // Four "different visitors" by their own say-so, one real client: one bucket of 3.
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(direct!.origin, `198.51.100.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  test('behind a proxy (TRUSTED_PROXIES=1) the address the proxy wrote is the key, one bucket per visitor', async () => {
    // Next handed the header through untouched, which is why it may only be trusted when a proxy
    // in front writes it (README, Deployment).
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(behindProxy!.origin, `6.6.6.6, 203.0.113.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 201]);
    const same: number[] = [];
    for (let i = 1; i <= 4; i++) same.push(await subscribe(behindProxy!.origin, `${i}.${i}.${i}.${i}, 203.0.113.50`, 10 + i));
    expect(same).toEqual([201, 201, 201, 429]);
  });
});
