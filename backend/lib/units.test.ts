import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { bearerToken } from '../auth/queries';
import { csvCell, toCsv } from '../export/csv';
import { ticketReference, TICKET_REFERENCE_PATTERN } from './ids';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  it('allows max hits per window per key, then frees up as the window slides', async () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 1_000 });
    const allowed = [];
    for (const t of [0, 100, 200]) allowed.push((await limiter.hit('a', t)).allowed);
    expect(allowed).toEqual([true, true, true]);
    expect(await limiter.hit('a', 300)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.hit('b', 300)).allowed).toBe(true);
    expect((await limiter.hit('a', 1_001)).allowed).toBe(true);
  });

  it('0 switches it off', async () => {
    const off = createRateLimiter({ max: 0, windowMs: 1_000 });
    for (let i = 0; i < 100; i++) expect((await off.hit('a')).allowed).toBe(true);
  });
});

describe('csv', () => {
  it('quotes every cell, doubles quotes, and defuses formulas (more in export/csv.test.ts)', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx']) expect(csvCell(f)).toBe(`"'${f}"`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('+234 801 234 5678')).toBe('"+234 801 234 5678"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n"1","x"\r\n');
  });
});

describe('passwords, tokens, references', () => {
  it('scrypt hashes verify only the right password and are salted', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('wrong horse battery', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('reads bearer tokens strictly', () => {
    expect(bearerToken('Bearer abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('ticket references are short and unambiguous', () => {
    for (let i = 0; i < 200; i++) {
      const ref = ticketReference();
      expect(ref).toMatch(TICKET_REFERENCE_PATTERN);
      expect(ref.slice(4)).not.toMatch(/[01ILO]/);
    }
  });
});
