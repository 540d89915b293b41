import { describe, expect, it } from 'vitest';
import { createSigner } from './signing';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('signed link tokens', () => {
  const signer = createSigner('a-test-secret-of-enough-length');

  it('verify the token signed for the purpose and value, and nothing else', () => {
    const token = signer.sign('newsletter-confirm', 'reader@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signer.verify('newsletter-confirm', 'reader@example.com', token)).toBe(true);
    expect(signer.verify('unsubscribe', 'reader@example.com', token)).toBe(false);
    expect(signer.verify('newsletter-confirm', 'other@example.com', token)).toBe(false);
    for (const bad of [undefined, null, '', `${token}A`, token.slice(0, 21)]) expect(signer.verify('newsletter-confirm', 'reader@example.com', bad)).toBe(false);
  });

  it('refuse every other character in every position, the last one included (its 4 unused bits)', () => {
    // Tokens of many values, so last characters of every kind are tried.
    for (let n = 0; n < 40; n++) {
      const value = `reader${n}@example.com`;
      const token = signer.sign('ticket', value);
      for (let i = 0; i < token.length; i++) {
        for (const c of ALPHABET) {
          if (c === token[i]) continue;
          const edited = `${token.slice(0, i)}${c}${token.slice(i + 1)}`;
          if (signer.verify('ticket', value, edited)) throw new Error(`${edited} opens the link of ${token} (position ${i})`);
        }
      }
    }
  });
});
