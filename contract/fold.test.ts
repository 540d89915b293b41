import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldText } from './fold';

const TITLE = 'Àṣà Ọ̀rọ̀: Ẹ̀kọ́ ní Àkẹ́';

describe('foldText', () => {
  it('drops tones and dots and lowers the case, from composed or decomposed text alike', () => {
    expect(foldText('Àkẹ́')).toBe('ake');
    expect(foldText('Àkẹ́'.normalize('NFD'))).toBe('ake');
    expect(foldText(TITLE)).toBe('asa oro: eko ni ake');
    expect(foldText(TITLE.normalize('NFD'))).toBe('asa oro: eko ni ake');
    expect(foldText('ÀṢÀ Ǹ Ḿ m̀ N̄')).toBe('asa n m m n');
  });

  it('folds compatibility forms and white space', () => {
    expect(foldText('  Ìtàn\u00a0Festival\t ﬁction ')).toBe('itan festival fiction');
  });
});

describe('foldedIncludes', () => {
  it('finds "Ake" in "Àkẹ́" and words across tones, not what is not there', () => {
    expect(foldedIncludes(TITLE, 'Ake')).toBe(true);
    expect(foldedIncludes(TITLE, 'eko ni')).toBe(true);
    expect(foldedIncludes(TITLE, 'ỌRỌ')).toBe(true);
    expect(foldedIncludes('Ake', 'Àkẹ́')).toBe(true);
    expect(foldedIncludes(TITLE, 'Lagos')).toBe(false);
    expect(foldedIncludes(TITLE, '  ')).toBe(true);
  });
});
