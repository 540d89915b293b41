import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '@/lib/log';

/**
 * Fonts for next/og ImageResponse, which reads woff/ttf/otf but not woff2: the same families the
 * site uses, straight from the installed @fontsource packages (no network, works offline). Latin,
 * Latin Extended and Vietnamese subsets together cover Yorùbá's dotted and accented letters.
 */
type OgFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' };

const FILES: ReadonlyArray<{ name: string; pkg: string; file: string; weight: 400 | 700 }> = [
  { name: 'Fraunces', pkg: 'fraunces', file: 'fraunces-latin-700-normal.woff', weight: 700 },
  { name: 'Fraunces', pkg: 'fraunces', file: 'fraunces-latin-ext-700-normal.woff', weight: 700 },
  { name: 'Fraunces', pkg: 'fraunces', file: 'fraunces-vietnamese-700-normal.woff', weight: 700 },
  { name: 'Space Grotesk', pkg: 'space-grotesk', file: 'space-grotesk-latin-400-normal.woff', weight: 400 },
  { name: 'Space Grotesk', pkg: 'space-grotesk', file: 'space-grotesk-latin-ext-400-normal.woff', weight: 400 },
  { name: 'Space Grotesk', pkg: 'space-grotesk', file: 'space-grotesk-latin-700-normal.woff', weight: 700 },
  { name: 'Space Grotesk', pkg: 'space-grotesk', file: 'space-grotesk-vietnamese-400-normal.woff', weight: 400 },
];

/** The files read at run time, relative to the project root (scripts/vercel/runtime-files.mjs lists them too). */
export const OG_FONT_PATHS: readonly string[] = FILES.map(({ pkg, file }) => `node_modules/@fontsource/${pkg}/files/${file}`);

let loading: Promise<OgFont[]> | undefined;

export function loadOgFonts(): Promise<OgFont[]> {
  loading ??= Promise.all(
    FILES.map(async ({ name, pkg, file, weight }) => {
      // Spelled out (not through a helper) so Next's file tracing can follow the path.
      const buffer = await readFile(path.join(process.cwd(), 'node_modules', '@fontsource', pkg, 'files', file));
      const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
      return { name, data, weight, style: 'normal' as const };
    }),
  ).catch((error: unknown) => {
    loading = undefined;
    logger('og').error(`fonts unavailable, using the default font: ${String(error)}`);
    return [];
  });
  return loading;
}
