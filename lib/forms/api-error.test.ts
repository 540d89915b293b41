import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/backend/errors';
import { apiErrorState } from './api-error';

const refusal = (status: number, body: unknown) => new ApiError(`status ${status}`, { status, path: '/api/x/', body });
const body = { success: false, message: 'Check the form', errors: { email: ['Bad email', 'second'], 'donor.name': 'No name', other: ['Elsewhere'] } };

describe('apiErrorState (the one API error → form state mapper)', () => {
  it('reads the message and the first message per field, in the form order, through the field map', () => {
    expect(apiErrorState(refusal(422, body), { fallback: 'Fallback', fields: ['name', 'email'], fieldMap: { 'donor.name': 'name' }, values: { email: 'x' } })).toEqual({
      status: 'error',
      errors: { name: 'No name', email: 'Bad email' },
      values: { email: 'x' },
      message: 'Check the form',
    });
  });

  it('keeps every field as sent without a field list; the message alone or never, as the form asks', () => {
    expect(apiErrorState(refusal(400, body), { fallback: 'F', message: 'alone' })).toMatchObject({ errors: { email: 'Bad email', 'donor.name': 'No name', other: 'Elsewhere' }, message: undefined });
    expect(apiErrorState(refusal(400, { message: 'Only words' }), { fallback: 'F', message: 'alone' }).message).toBe('Only words');
    expect(apiErrorState(refusal(400, body), { fallback: 'F', message: 'never' }).message).toBe('F');
  });

  it('an answer the form does not read, or no answer, is the fallback; an exception the unexpected message', () => {
    expect(apiErrorState(refusal(500, body), { fallback: 'F', reads: (s) => s < 500 })).toEqual({ status: 'error', errors: {}, values: {}, message: 'F' });
    expect(apiErrorState(refusal(0, undefined), { fallback: 'F' }).message).toBe('F');
    expect(apiErrorState(new TypeError('boom'), { fallback: 'F', unexpected: 'U' }).message).toBe('U');
    expect(apiErrorState(refusal(409, { error: 'Error text' }), { fallback: 'F' }).message).toBe('Error text');
  });
});
