import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/backend/errors';
import { idleState } from '@/contract/forms/form-state';
import { NEWSLETTER_MESSAGES } from '@/contract/forms/messages';

/**
 * The footer sign-up keeps an address in the outbox only when the backend could not answer
 * (network failure, timeout, 5xx). Any other answer is the backend's word: a 429 in particular is
 * the rate limit saying no, and queueing it would let the outbox post it later, around the limit.
 */
const post = vi.fn();
const enqueueNewsletter = vi.fn(async () => undefined);

vi.mock('@/lib/backend', async () => {
  const errors = await import('@/lib/backend/errors');
  const relay = await import('@/lib/backend/relay');
  const { createCall } = await import('@/lib/backend/call');
  const apiClient = { post } as unknown as import('@/lib/backend/client').ApiClient;
  return { apiClient, call: createCall(() => apiClient, () => true), enqueueNewsletter, isOutage: relay.isOutage, isApiError: errors.isApiError, readApiErrorBody: errors.readApiErrorBody };
});

// The action's failure line is not this test's subject.
vi.mock('@/lib/log', async () => {
  const { silentLogger } = await import('@/lib/backend/log');
  return { logger: () => silentLogger, requestLogger: async () => silentLogger };
});

const { subscribeNewsletter } = await import('./actions');

function form(email: string): FormData {
  const data = new FormData();
  data.set('email', email);
  return data;
}

const failWith = (status: number, body?: unknown) => post.mockRejectedValueOnce(new ApiError(`status ${status}`, { status, path: '/api/forms/newsletter/', body }));

describe('subscribeNewsletter', () => {
  beforeEach(() => {
    post.mockReset();
    enqueueNewsletter.mockClear();
  });

  it('a 429 is an answer: the spec’s failure state, nothing queued', async () => {
    failWith(429, { success: false, message: 'Too many submissions from your connection.', errors: {} });
    const state = await subscribeNewsletter(idleState, form('reader@example.com'));
    expect(state).toMatchObject({ status: 'error', message: NEWSLETTER_MESSAGES.error, values: { email: 'reader@example.com' } });
    expect(enqueueNewsletter).not.toHaveBeenCalled();
  });

  it('other 4xx answers (408 included) are failures too, with the field message when there is one', async () => {
    failWith(422, { success: false, message: 'Check', errors: { email: ['Please enter a valid email address'] } });
    expect(await subscribeNewsletter(idleState, form('reader@example.com'))).toMatchObject({
      status: 'error',
      errors: { email: 'Please enter a valid email address' },
    });
    failWith(408);
    expect(await subscribeNewsletter(idleState, form('reader@example.com'))).toMatchObject({ status: 'error' });
    expect(enqueueNewsletter).not.toHaveBeenCalled();
  });

  it('no answer (network, timeout) or a 5xx: kept in the outbox and shown as success', async () => {
    for (const status of [0, 500, 502, 503]) {
      failWith(status);
      expect(await subscribeNewsletter(idleState, form('later@example.com')), String(status)).toMatchObject({ status: 'success' });
    }
    expect(enqueueNewsletter).toHaveBeenCalledTimes(4);
    expect(enqueueNewsletter).toHaveBeenCalledWith('later@example.com');
  });

  it('a 2xx is success without the outbox', async () => {
    post.mockResolvedValueOnce({ success: true });
    expect(await subscribeNewsletter(idleState, form('now@example.com'))).toMatchObject({ status: 'success' });
    expect(enqueueNewsletter).not.toHaveBeenCalled();
  });
});
