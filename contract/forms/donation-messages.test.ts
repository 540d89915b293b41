import { describe, expect, it } from 'vitest';
import { RETRY_NOTICES, retryNoticeText } from './donation-messages';

describe('retryNoticeText (the return page’s ?notice=)', () => {
  it('says each notice the retry button sends', () => {
    for (const [notice, text] of Object.entries(RETRY_NOTICES)) expect(retryNoticeText(notice)).toBe(text);
  });

  it('says nothing for any other value, the names every object inherits included (issue 42: ?notice=constructor was a 500)', () => {
    for (const value of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'unknown', '', undefined, ['failed']]) {
      expect(retryNoticeText(value), String(value)).toBeUndefined();
    }
  });
});
