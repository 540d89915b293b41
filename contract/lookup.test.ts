import { describe, expect, it } from 'vitest';
import { isKeyOf, lookup } from './lookup';

/** Names every object inherits (or that set its prototype): what a hostile query value tries. */
const INHERITED_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

const TABLE = { saved: 'Saved.', failed: 'That did not work.' } as const;

describe('lookup', () => {
  it('finds the table’s own entries', () => {
    expect(lookup(TABLE, 'saved')).toBe('Saved.');
    expect(isKeyOf(TABLE, 'failed')).toBe(true);
  });

  it('finds nothing for inherited names, unknown keys and non-strings', () => {
    for (const key of [...INHERITED_NAMES, 'unknown', '', undefined, null, 1, ['saved'], { toString: () => 'saved' }]) {
      expect(lookup(TABLE, key), String(key)).toBeUndefined();
      expect(isKeyOf(TABLE, key), String(key)).toBe(false);
    }
    // What the plain forms did: each of these is truthy, a function or an object.
    for (const name of INHERITED_NAMES) expect(name in TABLE && (TABLE as Record<string, unknown>)[name] !== undefined, name).toBe(true);
  });

  it('works for a Record<string, string> too', () => {
    const labels: Record<string, string> = { bank: 'Bank account' };
    expect(lookup(labels, 'bank')).toBe('Bank account');
    expect(lookup(labels, 'constructor')).toBeUndefined();
  });
});
