import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '@/lib/log';
import { fontCodePoints } from './font-cmap';

/**
 * Fonts for next/og ImageResponse: the site's typefaces as TrueType files in lib/seo/fonts, made by
 * scripts/fonts/subset.sh from the @fontsource packages (latin, latin-ext and vietnamese merged, so
 * one file per weight covers Yorùbá). next/og picks one file per family and weight and asks
 * Google Fonts for any character that file lacks, which fails offline ("Failed to load dynamic
 * font") and slows every image: `drawable` keeps the text to what these files draw.
 */
type OgFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' };

const FILES: ReadonlyArray<{ name: string; file: string; weight: 400 | 700 }> = [
  { name: 'Fraunces', file: 'fraunces-700-normal.ttf', weight: 700 },
  { name: 'Space Grotesk', file: 'space-grotesk-400-normal.ttf', weight: 400 },
  { name: 'Space Grotesk', file: 'space-grotesk-700-normal.ttf', weight: 700 },
];

/** The files read at run time, relative to the project root (scripts/vercel/runtime-files.mjs lists them too). */
export const OG_FONT_PATHS: readonly string[] = FILES.map(({ file }) => `lib/seo/fonts/${file}`);

/**
 * Yorùbá letters with a tone and a dot (or a tone on m, n) have no code point of their own, and
 * next/og draws code point by code point, without the fonts' `ccmp`: the font files map each to a
 * Private Use code point, from U+E000 in this order (scripts/fonts/build.py, yoruba_clusters).
 */
export const OG_CLUSTERS: readonly string[] = [
  'ẹ̀', 'ẹ́', 'ẹ̄', 'ọ̀', 'ọ́', 'ọ̄', 'Ẹ̀', 'Ẹ́', 'Ẹ̄', 'Ọ̀', 'Ọ́', 'Ọ̄', 'm̀', 'm̄', 'M̀', 'M̄', 'n̄', 'N̄',
].map((cluster) => cluster.normalize('NFC'));
export const OG_PRIVATE_USE_START = 0xe000;

export interface OgFontSet {
  fonts: OgFont[];
  /** The text as the fonts can draw it (see drawableText). */
  drawable: (text: string) => string;
}

const CLUSTER_PATTERN = new RegExp(OG_CLUSTERS.join('|'), 'gu');

/**
 * `text` in NFC with each Yorùbá tone-on-dot letter as its Private Use code point; a character the
 * fonts lack is decomposed and drawn as far as they can (a mark they lack is left off), and left
 * out when they can draw none of it (an emoji, a script they do not have), so no font is fetched.
 */
export function drawableText(text: string, covered: ReadonlySet<number>): string {
  const clustered = text.normalize('NFC').replace(CLUSTER_PATTERN, (cluster) => {
    const code = OG_PRIVATE_USE_START + OG_CLUSTERS.indexOf(cluster);
    return covered.has(code) ? String.fromCodePoint(code) : cluster;
  });
  let out = '';
  for (const char of clustered) {
    if (covered.has(char.codePointAt(0)!)) out += char;
    else for (const part of char.normalize('NFD')) if (covered.has(part.codePointAt(0)!)) out += part;
  }
  return out;
}

/** Without our fonts next/og draws with its own, whose coverage we cannot read: plain ASCII then. */
function asciiOnly(text: string): string {
  return text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
}

let loading: Promise<OgFontSet> | undefined;

export function loadOgFonts(): Promise<OgFontSet> {
  loading ??= Promise.all(
    FILES.map(async ({ name, file, weight }) => {
      // Spelled out (not through a helper) so Next's file tracing can follow the path.
      const buffer = await readFile(path.join(process.cwd(), 'lib', 'seo', 'fonts', file));
      const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
      return { name, data, weight, style: 'normal' as const };
    }),
  )
    .then((fonts) => {
      // next/og looks for a character in every family it was given before it fetches one.
      const covered = new Set(fonts.flatMap((font) => [...fontCodePoints(font.data)]));
      return { fonts, drawable: (text: string) => drawableText(text, covered) };
    })
    .catch((error: unknown) => {
      loading = undefined;
      logger('og').error(`fonts unavailable, using the default font: ${String(error)}`);
      return { fonts: [], drawable: asciiOnly };
    });
  return loading;
}
