import fs from 'node:fs';
import * as fontkit from 'fontkit';

/** A title with tones on plain and dotted vowels and a syllabic nasal (issue 40). */
export const YORUBA_TITLE = 'Àṣà Ọ̀rọ̀: Ẹ̀kọ́ ní Àkẹ́';

/**
 * Every letter Yorùbá writes with a mark, each tone (grave, acute, macron) on each vowel, on ẹ ọ
 * and on the syllabic nasals, in both cases.
 */
const LOWER = 'a à á ā e è é ē ẹ ẹ̀ ẹ́ ẹ̄ i ì í ī o ò ó ō ọ ọ̀ ọ́ ọ̄ u ù ú ū ṣ n ǹ ń n̄ m m̀ ḿ m̄';
export const YORUBA_LETTERS = `${LOWER} ${LOWER.toUpperCase()}`.normalize('NFC');

/** The text's code points, one each. */
export const codePoints = (text: string): number[] => [...new Set([...text].map((c) => c.codePointAt(0)!))];

/** A font file read with fontkit (woff2, woff or TrueType). */
export function openFont(file: string): fontkit.Font {
  const font = fontkit.create(fs.readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/** How many user-perceived characters (grapheme clusters) the text has. */
export const graphemes = (text: string): number => [...new Intl.Segmenter('yo', { granularity: 'grapheme' }).segment(text)].length;

/**
 * Replaces global fetch for a test: `data:` URLs (next/og loads its WebAssembly that way) go to the
 * real fetch, anything else is recorded and refused as if offline. Call `restore` when done.
 */
export function recordFetches(): { urls: string[]; restore: () => void } {
  const real = globalThis.fetch;
  const urls: string[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith('data:')) return real(input, init);
    urls.push(url);
    return Promise.reject(new TypeError(`fetch failed: no network in this test (${url})`));
  };
  return { urls, restore: () => void (globalThis.fetch = real) };
}
