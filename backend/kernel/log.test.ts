import { describe, expect, it } from 'vitest';
import { captureLog } from '@/test/support/log';
import { parseBackendConfig } from './config';
import { maskText } from './log';

const CARD = '4084 0800 0000 5408';
const CARD_DIGITS = /4084|0800|5408/;

describe('the logger', () => {
  it('writes one JSON line per event: level by name, ISO time, msg, and the context fields', () => {
    const { log, lines, entries } = captureLog('info');
    log.child({ requestId: 'req-12345678' }).warn({ area: 'outbox', attempts: 3 }, 'given up');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(lines[0]!.trimEnd().includes('\n')).toBe(false);
    const [entry] = entries();
    expect(entry).toEqual({ level: 'warn', time: expect.any(String), requestId: 'req-12345678', area: 'outbox', attempts: 3, msg: 'given up' });
    expect(new Date(entry!.time).toISOString()).toBe(entry!.time);
  });

  it('writes LOG_LEVEL and above, nothing below; silent writes nothing', () => {
    const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
    const written = (level: Parameters<typeof captureLog>[0]) => {
      const { log, entries } = captureLog(level);
      for (const l of levels) log[l](l);
      return entries().map((e) => e.level);
    };
    expect(written('info')).toEqual(['info', 'warn', 'error', 'fatal']);
    expect(written('warn')).toEqual(['warn', 'error', 'fatal']);
    expect(written('trace')).toEqual([...levels]);
    expect(written('silent')).toEqual([]);
  });

  it('LOG_LEVEL is parsed with the configuration: default info, any case, anything else refused', () => {
    expect(parseBackendConfig({}).logLevel).toBe('info');
    expect(parseBackendConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
    expect(parseBackendConfig({ LOG_LEVEL: ' Debug ' }).logLevel).toBe('debug');
    expect(parseBackendConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => parseBackendConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
  });
});

describe('masking', () => {
  it('cuts email addresses, card-like numbers and bearer tokens out of any text', () => {
    expect(maskText('from ada.obi@example.com')).toBe('from a***@example.com');
    expect(maskText('/api/x?email=ada%40example.org')).toBe('/api/x?email=a***%40example.org');
    for (const card of [CARD, '4084-0800-0000-5408', '4084080000005408', '4084 0840 8408 4081 123', '5399 8383 8383 8381']) {
      expect(maskText(`card ${card}.`)).toBe('card [card].');
    }
    expect(maskText('Authorization: Bearer eyJhbGciOi.J9.abc-_=')).toBe('Authorization: Bearer [redacted]');
  });

  it('leaves ids, amounts, dates and short numbers alone', () => {
    for (const text of [
      'request 550e8400-e29b-41d4-a716-446655440000',
      'donation 01JD7ZQ1X2 of 500050 kobo',
      'ITN-ABC123 on 2026-10-24 at 10:00',
      'phone 0803 123', // too short to be a card
      'reference itan-3f2a9c0d1e4b5a6978877665544332211',
    ]) {
      expect(maskText(text)).toBe(text);
    }
  });

  it('masks the message, its format arguments, nested fields, arrays and errors; secret keys are redacted at any depth', () => {
    const { log, entries, scannable } = captureLog();
    log.info(
      {
        area: 'payments',
        password: 'hunter2hunter2',
        headers: { authorization: 'Bearer abc.def', cookie: 'authToken=xyz', 'x-csrftoken': 'tok' },
        donor: { email: 'ada@example.com', card: { number: CARD, cvc: '408', expiry: '12/39' } },
        payload: { deep: { deeper: { cardNumber: '4084080000005408', note: `paid with ${CARD} by bo@example.org` } } },
        list: ['ada@example.com', CARD],
        token: 'secret-token-value',
      },
      'donor %s paid with %s',
      'ada@example.com',
      CARD,
    );
    log.error(new Error(`charge failed for ada@example.com with ${CARD}`));
    const text = scannable();
    expect(text).not.toMatch(CARD_DIGITS);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('bo@example.org');
    for (const secret of ['hunter2', 'abc.def', 'xyz', '"tok"', '408', '12/39', 'secret-token-value']) expect(text).not.toContain(secret);
    const [info, error] = entries();
    expect(info).toMatchObject({
      msg: 'donor a***@example.com paid with [card]',
      password: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-csrftoken': '[redacted]' },
      donor: { email: 'a***@example.com', card: '[redacted]' },
      payload: { deep: { deeper: { cardNumber: '[redacted]', note: 'paid with [card] by b***@example.org' } } },
      list: ['a***@example.com', '[card]'],
      token: '[redacted]',
    });
    expect(error).toMatchObject({ level: 'error', msg: 'charge failed for a***@example.com with [card]', err: { type: 'Error', message: 'charge failed for a***@example.com with [card]' } });
  });

  it('keeps the request id and digest exactly as they are', () => {
    const { log, entries } = captureLog();
    log.child({ requestId: '1234567890123456' }).error({ digest: '4084080000005408' }, 'x');
    expect(entries()[0]).toMatchObject({ requestId: '1234567890123456', digest: '4084080000005408' });
  });
});
