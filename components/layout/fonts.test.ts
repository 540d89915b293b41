import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePoints, graphemes, openFont, YORUBA_LETTERS, YORUBA_TITLE } from '@/test/support/yoruba';

const here = path.join(process.cwd(), 'components', 'layout');
/** The files fonts.ts hands next/font/local, read from its source so a renamed file is followed. */
const SITE_FONTS = [...fs.readFileSync(path.join(here, 'fonts.ts'), 'utf8').matchAll(/path: '([^']+\.woff2)'/g)].map((m) => path.resolve(here, m[1]!));

/** Issue 40: 32,404 bytes for the three before Yorùbá (latin only), 31,560 after (unused symbols left out). */
const SITE_FONT_BUDGET_BYTES = 32 * 1024;

describe('the site’s web fonts write Yorùbá (public/fonts, scripts/fonts/subset.sh)', () => {
  it('are the three woff2 files fonts.ts loads, within their byte budget', () => {
    expect(SITE_FONTS.map((file) => path.basename(file))).toEqual(['fraunces-700-normal.woff2', 'space-grotesk-400-normal.woff2', 'space-grotesk-700-normal.woff2']);
    const bytes = SITE_FONTS.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    expect(bytes).toBeLessThanOrEqual(SITE_FONT_BUDGET_BYTES);
  });

  for (const file of SITE_FONTS) {
    const name = path.basename(file);

    it(`${name} maps every code point of a Yorùbá title and of every toned letter, composed (NFC) and decomposed (NFD)`, () => {
      const font = openFont(file);
      const has = new Set(font.characterSet);
      for (const text of [YORUBA_TITLE, YORUBA_LETTERS]) {
        for (const form of ['NFC', 'NFD'] as const) {
          const missing = codePoints(text.normalize(form)).filter((code) => !has.has(code));
          expect(missing.map((code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`), `${form} of ${text}`).toEqual([]);
        }
      }
    });

    it(`${name} draws each composed Yorùbá letter as one glyph of its own (a tone on ẹ ọ m n included), never .notdef`, () => {
      const font = openFont(file);
      for (const text of [YORUBA_TITLE, YORUBA_LETTERS]) {
        const composed = text.normalize('NFC');
        const run = font.layout(composed);
        expect(run.glyphs.filter((glyph) => glyph.id === 0), composed).toEqual([]);
        // One glyph per letter: the font's ccmp made the tone-on-dot letters, so no mark is left to
        // be placed by positioning rules (Fraunces has none; Space Grotesk has none for m). Browsers
        // compose decomposed text first (e + U+0323 -> ẹ) where the font has the letter, as here.
        expect(run.glyphs.length, composed).toBe(graphemes(composed));
      }
    });
  }
});
