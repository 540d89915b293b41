import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePoints, graphemes, openFont, YORUBA_LETTERS, YORUBA_TITLE } from '@/test/support/yoruba';
import { fontCodePoints } from './font-cmap';
import { drawableText, loadOgFonts, OG_CLUSTERS, OG_FONT_PATHS, OG_PRIVATE_USE_START } from './og-fonts';

const files = OG_FONT_PATHS.map((file) => path.join(process.cwd(), file));
const bytes = (file: string): ArrayBuffer => {
  const buffer = fs.readFileSync(file);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

describe('the share images’ fonts (lib/seo/fonts, scripts/fonts/subset.sh)', () => {
  it('fontCodePoints reads the same code points from each file as fontkit does', () => {
    expect(files).toHaveLength(3);
    for (const file of files) {
      const ours = [...fontCodePoints(bytes(file))].sort((a, b) => a - b);
      expect(ours.length, file).toBeGreaterThan(500);
      // fontkit lists format 4's closing 0xFFFF segment too, which maps to no glyph.
      const font = openFont(file);
      expect(ours, file).toEqual(font.characterSet.filter((code) => font.glyphForCodePoint(code).id !== 0).sort((a, b) => a - b));
    }
  });

  it('map every code point of a Yorùbá title and of every toned letter, NFC and NFD, in each file', () => {
    for (const file of files) {
      const has = new Set(openFont(file).characterSet);
      for (const text of [YORUBA_TITLE, YORUBA_LETTERS]) {
        for (const form of ['NFC', 'NFD'] as const) {
          expect(codePoints(text.normalize(form)).filter((code) => !has.has(code)), `${path.basename(file)}: ${form} of ${text}`).toEqual([]);
        }
      }
    }
  });

  it('map each tone-on-dot letter’s Private Use code point to the glyph the font’s ccmp makes of that letter', () => {
    expect(OG_CLUSTERS).toHaveLength(18);
    for (const file of files) {
      const font = openFont(file);
      OG_CLUSTERS.forEach((cluster, index) => {
        const run = font.layout(cluster);
        expect(run.glyphs.map((g) => g.id), `${path.basename(file)}: ${cluster}`).toEqual([font.glyphForCodePoint(OG_PRIVATE_USE_START + index).id]);
        expect(run.glyphs[0]!.id).not.toBe(0);
      });
    }
  });
});

describe('drawableText', () => {
  const covered = new Set(files.flatMap((file) => [...fontCodePoints(bytes(file))]));

  it('writes a Yorùbá title in code points the fonts map, one per letter, from NFC or NFD alike', () => {
    for (const text of [YORUBA_TITLE, YORUBA_LETTERS]) {
      const drawn = drawableText(text, covered);
      expect(codePoints(drawn).filter((code) => !covered.has(code))).toEqual([]);
      expect([...drawn]).toHaveLength(graphemes(text.normalize('NFC')));
      expect(drawableText(text.normalize('NFD'), covered)).toBe(drawn);
    }
    expect(drawableText('Ẹ̀kọ́', covered)).toBe(`${String.fromCodePoint(0xe006)}k${String.fromCodePoint(0xe004)}`);
    expect(drawableText('Àṣà ǹ ḿ', covered)).toBe('Àṣà ǹ ḿ');
  });

  it('leaves out what the fonts cannot draw: an emoji, another script, a mark they lack', () => {
    expect(drawableText('Ìtàn 📚 Книга', covered)).toBe('Ìtàn  ');
    expect(drawableText('a\u0360b', covered)).toBe('ab');
  });

  it('writes a letter the fonts lack as its parts when they have those', () => {
    const withoutNGrave = new Set([...covered].filter((code) => code !== 0x1f9));
    expect(drawableText('ǹ', withoutNGrave)).toBe('n\u0300');
  });
});

describe('loadOgFonts', () => {
  it('reads the three files and draws the Yorùbá title with nothing they lack', async () => {
    const { fonts, drawable } = await loadOgFonts();
    expect(fonts.map((f) => `${f.name} ${f.weight}`)).toEqual(['Fraunces 700', 'Space Grotesk 400', 'Space Grotesk 700']);
    for (const font of fonts) {
      const has = fontCodePoints(font.data);
      expect(codePoints(drawable(YORUBA_TITLE)).filter((code) => !has.has(code)), font.name).toEqual([]);
    }
  });
});
