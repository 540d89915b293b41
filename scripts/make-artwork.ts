/**
 * Generates the site's original artwork: one distinct adire-inspired composition per content image
 * (every path from allFallbackImagePaths(), plus the hero and the placeholder), seeded by the file
 * name so reruns are stable. Adire is the indigo resist-dyed cloth of Abeokuta: pale lines and dots
 * on indigo, laid out in a grid of hand-drawn motifs. Over that cloth sit bold shapes in the
 * festival palette: the sun, books, Olumo rock, leaves, sound waves.
 *
 *   npx tsx scripts/make-artwork.ts            # writes public/images/content/*.webp + placeholder
 *
 * Outputs are committed; rerun only when fallback images change.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const PUBLIC = join(ROOT, 'public');

export const PALETTE = {
  indigo: ['#141a45', '#1b245e', '#1d2a6b', '#22307a', '#182054'],
  resist: '#dfe6f7',
  ochre: '#f2b632',
  terracotta: '#e0582e',
  green: '#2f8f5b',
  cream: '#fbf3e4',
  ink: '#10142f',
  sky: '#7fa6e8',
} as const;

/** Deterministic PRNG (mulberry32) seeded by an FNV-1a hash of the name. */
export function seededRandom(name: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T,>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const f = (n: number) => n.toFixed(1);

/** One adire motif inside a cell at (x, y) of size s, drawn in the resist colour. */
function motif(r: Rand, kind: number, x: number, y: number, s: number, stroke: string): string {
  const cx = x + s / 2;
  const cy = y + s / 2;
  const sw = f(s * 0.035);
  const common = `fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round"`;
  switch (kind % 8) {
    case 0: {
      // Oniko: tied concentric rings.
      const rings = 3 + Math.floor(r() * 3);
      return Array.from({ length: rings }, (_, i) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f((s * 0.42 * (i + 1)) / rings)}" ${common}/>`).join('');
    }
    case 1: {
      // Dotted field (eleko starch dots).
      const n = 4;
      const step = s / n;
      let out = '';
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++)
          out += `<circle cx="${f(x + step * (i + 0.5))}" cy="${f(y + step * (j + 0.5))}" r="${f(s * 0.045)}" fill="${stroke}"/>`;
      return out;
    }
    case 2: {
      // Zigzag bands.
      const bands = 3;
      let out = '';
      for (let b = 0; b < bands; b++) {
        const by = y + (s * (b + 0.5)) / bands;
        const pts: string[] = [];
        for (let i = 0; i <= 6; i++) pts.push(`${f(x + (s * i) / 6)},${f(by + (i % 2 ? -s * 0.09 : s * 0.09))}`);
        out += `<polyline points="${pts.join(' ')}" ${common}/>`;
      }
      return out;
    }
    case 3: {
      // Ladder / crossed lines.
      return (
        `<line x1="${f(x + s * 0.1)}" y1="${f(y + s * 0.1)}" x2="${f(x + s * 0.9)}" y2="${f(y + s * 0.9)}" ${common}/>` +
        `<line x1="${f(x + s * 0.9)}" y1="${f(y + s * 0.1)}" x2="${f(x + s * 0.1)}" y2="${f(y + s * 0.9)}" ${common}/>` +
        `<rect x="${f(x + s * 0.3)}" y="${f(y + s * 0.3)}" width="${f(s * 0.4)}" height="${f(s * 0.4)}" ${common}/>`
      );
    }
    case 4: {
      // Leaf / feather.
      return (
        `<path d="M${f(x + s * 0.15)} ${f(y + s * 0.85)} Q${f(x + s * 0.2)} ${f(y + s * 0.2)} ${f(x + s * 0.85)} ${f(y + s * 0.15)} Q${f(x + s * 0.8)} ${f(y + s * 0.8)} ${f(x + s * 0.15)} ${f(y + s * 0.85)}Z" ${common}/>` +
        `<line x1="${f(x + s * 0.15)}" y1="${f(y + s * 0.85)}" x2="${f(x + s * 0.85)}" y2="${f(y + s * 0.15)}" ${common}/>`
      );
    }
    case 5: {
      // Half moons.
      return [0.3, 0.7]
        .map((k) => `<path d="M${f(x + s * 0.12)} ${f(y + s * k)} A${f(s * 0.38)} ${f(s * 0.22)} 0 0 1 ${f(x + s * 0.88)} ${f(y + s * k)}" ${common}/>`)
        .join('');
    }
    case 6: {
      // Spiral (the tortoise shell motif, simplified).
      const pts: string[] = [];
      for (let t = 0; t < 14; t += 0.35) {
        const rad = (s * 0.42 * t) / 14;
        pts.push(`${f(cx + Math.cos(t) * rad)},${f(cy + Math.sin(t) * rad)}`);
      }
      return `<polyline points="${pts.join(' ')}" ${common}/>`;
    }
    default: {
      // Stripes.
      return [0.25, 0.5, 0.75].map((k) => `<line x1="${f(x + s * 0.1)}" y1="${f(y + s * k)}" x2="${f(x + s * 0.9)}" y2="${f(y + s * k)}" ${common}/>`).join('');
    }
  }
}

/** The dyed cloth: a grid of motifs with hand-made variation, the faint "crackle" of the starch. */
function cloth(r: Rand, w: number, h: number, cell: number, opacity: number): string {
  const cols = Math.ceil(w / cell);
  const rows = Math.ceil(h / cell);
  const base = Math.floor(r() * 8);
  const alt = Math.floor(r() * 8);
  let out = `<g opacity="${opacity}">`;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const kind = (i + j) % 2 === 0 ? base : alt;
      out += motif(r, kind, i * cell + cell * 0.08, j * cell + cell * 0.08, cell * 0.84, PALETTE.resist);
    }
  // Grid lines between cells, like the stitched borders on adire eleko.
  for (let i = 1; i < cols; i++) out += `<line x1="${i * cell}" y1="0" x2="${i * cell}" y2="${h}" stroke="${PALETTE.resist}" stroke-width="2" opacity="0.5"/>`;
  for (let j = 1; j < rows; j++) out += `<line x1="0" y1="${j * cell}" x2="${w}" y2="${j * cell}" stroke="${PALETTE.resist}" stroke-width="2" opacity="0.5"/>`;
  return `${out}</g>`;
}

function sun(r: Rand, cx: number, cy: number, rad: number, colour: string = PALETTE.ochre): string {
  const rays = 12 + Math.floor(r() * 10);
  let out = '';
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    out += `<line x1="${f(cx + Math.cos(a) * rad * 1.15)}" y1="${f(cy + Math.sin(a) * rad * 1.15)}" x2="${f(cx + Math.cos(a) * rad * 1.45)}" y2="${f(cy + Math.sin(a) * rad * 1.45)}" stroke="${colour}" stroke-width="${f(rad * 0.09)}" stroke-linecap="round"/>`;
  }
  return `${out}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${colour}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.55)}" fill="none" stroke="${PALETTE.terracotta}" stroke-width="${f(rad * 0.08)}" stroke-dasharray="${f(rad * 0.12)} ${f(rad * 0.1)}"/>`;
}

function books(r: Rand, x: number, baseY: number, scale: number): string {
  const colours = [PALETTE.terracotta, PALETTE.ochre, PALETTE.green, PALETTE.cream, PALETTE.sky];
  let out = '';
  let cx = x;
  const n = 3 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const w = (28 + r() * 26) * scale;
    const h = (150 + r() * 110) * scale;
    const c = colours[(i + Math.floor(r() * 5)) % colours.length] as string;
    const lean = i === n - 1 && r() > 0.4 ? -12 : 0;
    out += `<g transform="rotate(${lean} ${f(cx)} ${f(baseY)})"><rect x="${f(cx)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h)}" rx="${f(3 * scale)}" fill="${c}"/>`;
    out += `<rect x="${f(cx + w * 0.2)}" y="${f(baseY - h * 0.82)}" width="${f(w * 0.6)}" height="${f(h * 0.08)}" fill="${PALETTE.ink}" opacity="0.35"/></g>`;
    cx += w + 4 * scale;
  }
  return out;
}

function rock(w: number, h: number, colour: string): string {
  // Olumo rock: a rounded granite outcrop on the skyline.
  return `<path d="M0 ${h} L0 ${f(h * 0.78)} Q${f(w * 0.12)} ${f(h * 0.62)} ${f(w * 0.22)} ${f(h * 0.7)} Q${f(w * 0.32)} ${f(h * 0.48)} ${f(w * 0.44)} ${f(h * 0.6)} Q${f(w * 0.52)} ${f(h * 0.52)} ${f(w * 0.6)} ${f(h * 0.66)} Q${f(w * 0.78)} ${f(h * 0.58)} ${w} ${f(h * 0.74)} L${w} ${h}Z" fill="${colour}"/>`;
}

function soundWaves(r: Rand, cx: number, cy: number, size: number): string {
  let out = `<rect x="${f(cx - size * 0.12)}" y="${f(cy - size * 0.32)}" width="${f(size * 0.24)}" height="${f(size * 0.44)}" rx="${f(size * 0.12)}" fill="${PALETTE.cream}"/>`;
  out += `<path d="M${f(cx - size * 0.22)} ${f(cy)} Q${f(cx - size * 0.22)} ${f(cy + size * 0.28)} ${f(cx)} ${f(cy + size * 0.28)} Q${f(cx + size * 0.22)} ${f(cy + size * 0.28)} ${f(cx + size * 0.22)} ${f(cy)}" fill="none" stroke="${PALETTE.cream}" stroke-width="${f(size * 0.04)}"/>`;
  out += `<line x1="${f(cx)}" y1="${f(cy + size * 0.28)}" x2="${f(cx)}" y2="${f(cy + size * 0.42)}" stroke="${PALETTE.cream}" stroke-width="${f(size * 0.04)}"/>`;
  for (let i = 1; i <= 3; i++) {
    const rad = size * (0.3 + i * 0.13);
    const col = i === 2 ? PALETTE.ochre : PALETTE.terracotta;
    out += `<path d="M${f(cx + rad * Math.cos(-0.7))} ${f(cy + rad * Math.sin(-0.7))} A${f(rad)} ${f(rad)} 0 0 1 ${f(cx + rad * Math.cos(0.7))} ${f(cy + rad * Math.sin(0.7))}" fill="none" stroke="${col}" stroke-width="${f(size * 0.035)}" stroke-linecap="round"/>`;
    out += `<path d="M${f(cx - rad * Math.cos(-0.7))} ${f(cy + rad * Math.sin(-0.7))} A${f(rad)} ${f(rad)} 0 0 0 ${f(cx - rad * Math.cos(0.7))} ${f(cy + rad * Math.sin(0.7))}" fill="none" stroke="${col}" stroke-width="${f(size * 0.035)}" stroke-linecap="round"/>`;
  }
  return out + (r() > 2 ? '' : '');
}

function leafSprig(r: Rand, x: number, y: number, scale: number, colour: string): string {
  let out = `<path d="M${f(x)} ${f(y)} Q${f(x + 40 * scale)} ${f(y - 160 * scale)} ${f(x + 10 * scale)} ${f(y - 300 * scale)}" fill="none" stroke="${colour}" stroke-width="${f(8 * scale)}" stroke-linecap="round"/>`;
  for (let i = 1; i <= 4; i++) {
    const ly = y - i * 62 * scale;
    const side = i % 2 ? 1 : -1;
    const len = (60 + r() * 40) * scale;
    out += `<path d="M${f(x + 22 * scale)} ${f(ly)} q${f(side * len * 0.5)} ${f(-len * 0.7)} ${f(side * len)} ${f(-len * 0.2)} q${f(-side * len * 0.4)} ${f(len * 0.5)} ${f(-side * len)} ${f(len * 0.2)}Z" fill="${colour}"/>`;
  }
  return out;
}

export type ArtKind = 'hero' | 'event' | 'avatar' | 'podcast' | 'highlight' | 'generic';

export function kindOf(name: string): ArtKind {
  if (name.startsWith('hero')) return 'hero';
  if (name.startsWith('event')) return 'event';
  if (name.startsWith('avatar')) return 'avatar';
  if (name.startsWith('podcast')) return 'podcast';
  if (name.startsWith('highlight')) return 'highlight';
  return 'generic';
}

export function sizeOf(kind: ArtKind): { w: number; h: number } {
  if (kind === 'avatar') return { w: 480, h: 480 };
  if (kind === 'podcast') return { w: 960, h: 960 };
  if (kind === 'hero') return { w: 1600, h: 1200 };
  return { w: 1200, h: 800 };
}

/** The SVG composition for one image name. */
export function composeArtwork(name: string): string {
  const r = seededRandom(name);
  const kind = kindOf(name);
  const { w, h } = sizeOf(kind);
  const bg = pick(r, PALETTE.indigo);
  const cell = kind === 'avatar' ? 120 : kind === 'hero' ? 200 : 150 + Math.floor(r() * 3) * 25;
  let body = `<rect width="${w}" height="${h}" fill="${bg}"/>` + cloth(r, w, h, cell, 0.22 + r() * 0.1);
  const accent = pick(r, [PALETTE.ochre, PALETTE.terracotta, PALETTE.green] as const);

  if (kind === 'hero') {
    body += sun(r, w * 0.68, h * 0.34, h * 0.16);
    body += rock(w, h, '#0e1336');
    body += books(r, w * 0.12, h * 0.86, 1.6);
    body += leafSprig(r, w * 0.82, h * 0.95, 1.4, PALETTE.green);
    body += `<rect x="0" y="${f(h * 0.86)}" width="${w}" height="${f(h * 0.14)}" fill="${PALETTE.terracotta}"/>`;
    body += `<rect x="0" y="${f(h * 0.86)}" width="${w}" height="10" fill="${PALETTE.ochre}"/>`;
  } else if (kind === 'avatar') {
    body += `<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.3}" fill="${accent}"/>`;
    body += motif(r, Math.floor(r() * 8), w * 0.3, h * 0.3, w * 0.4, PALETTE.ink);
  } else if (kind === 'podcast') {
    body += `<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.36}" fill="${PALETTE.ink}" opacity="0.85"/>`;
    body += soundWaves(r, w / 2, h / 2, w * 0.5);
    body += `<rect x="0" y="${h - 60}" width="${w}" height="60" fill="${accent}"/>`;
  } else {
    const layout = Math.floor(r() * 4);
    if (layout === 0) {
      body += sun(r, w * (0.25 + r() * 0.5), h * 0.38, h * 0.2, accent === PALETTE.ochre ? PALETTE.ochre : PALETTE.ochre);
      body += books(r, w * (0.08 + r() * 0.5), h * 0.95, 1.2);
    } else if (layout === 1) {
      body += rock(w, h, PALETTE.ink);
      body += sun(r, w * 0.78, h * 0.3, h * 0.13);
      body += leafSprig(r, w * 0.15, h, 1.1, PALETTE.green);
    } else if (layout === 2) {
      // Bold arches, like stacked pages or gateways.
      const n = 3;
      for (let i = 0; i < n; i++) {
        const c = [PALETTE.terracotta, PALETTE.ochre, PALETTE.green][i] as string;
        const ax = w * (0.2 + i * 0.25);
        const aw = w * 0.2;
        body += `<path d="M${f(ax)} ${h} L${f(ax)} ${f(h * 0.55)} A${f(aw / 2)} ${f(aw / 2)} 0 0 1 ${f(ax + aw)} ${f(h * 0.55)} L${f(ax + aw)} ${h}Z" fill="${c}"/>`;
      }
      body += sun(r, w * 0.85, h * 0.2, h * 0.09, PALETTE.cream);
    } else {
      body += `<circle cx="${f(w * 0.3)}" cy="${f(h * 0.5)}" r="${f(h * 0.34)}" fill="${accent}"/>`;
      body += `<circle cx="${f(w * 0.3)}" cy="${f(h * 0.5)}" r="${f(h * 0.22)}" fill="${bg}"/>`;
      body += motif(r, Math.floor(r() * 8), w * 0.3 - h * 0.15, h * 0.35, h * 0.3, PALETTE.cream);
      body += books(r, w * 0.56, h * 0.9, 1.3);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/**
 * The placeholder for images that fail: pale cloth with a quiet motif, readable on any card. Built
 * from an SVG <pattern> so the .svg (used as a CSS background when JavaScript is off) stays tiny.
 */
export function composePlaceholder(): string {
  const w = 1200;
  const h = 800;
  const r = seededRandom('placeholder');
  const tile = motif(r, 0, 12, 12, 126, '#9aa6cf') + motif(r, 1, 162, 162, 126, '#9aa6cf');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><pattern id="p" width="300" height="300" patternUnits="userSpaceOnUse"><g opacity="0.55">${tile}</g></pattern></defs>` +
    `<rect width="${w}" height="${h}" fill="#dfe4f2"/><rect width="${w}" height="${h}" fill="url(#p)"/>` +
    `<circle cx="600" cy="400" r="110" fill="#c6cde6"/><circle cx="600" cy="400" r="70" fill="none" stroke="#8390c0" stroke-width="8" stroke-dasharray="14 10"/></svg>`
  );
}

async function render(svg: string, out: string, width: number): Promise<number> {
  mkdirSync(dirname(out), { recursive: true });
  const buf = await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 72, effort: 6, smartSubsample: true }).toBuffer();
  writeFileSync(out, buf);
  return buf.length;
}

/** Image names (without extension) under /images/content/ from the fallback content. */
async function contentNames(): Promise<string[]> {
  const fallbacks = (await import('../contract/fallbacks/index')) as { allFallbackImagePaths?: () => string[] };
  const paths = fallbacks.allFallbackImagePaths?.() ?? [];
  const names = new Set<string>(['hero']);
  for (const p of paths) {
    const m = /^\/images\/content\/([a-z0-9-]+)\.webp$/i.exec(p);
    if (m?.[1]) names.add(m[1]);
    else console.warn(`skipping ${p}: not a /images/content/<name>.webp path`);
  }
  return [...names].sort();
}

async function main() {
  const names = process.argv.length > 2 ? process.argv.slice(2) : await contentNames();
  for (const name of names) {
    const kind = kindOf(name);
    const width = Math.min(sizeOf(kind).w, 1200);
    const bytes = await render(composeArtwork(name), join(PUBLIC, 'images', 'content', `${name}.webp`), width);
    console.log(`${name}.webp ${(bytes / 1024).toFixed(1)} KB`);
  }
  const placeholder = composePlaceholder();
  writeFileSync(join(PUBLIC, 'images', 'placeholder.svg'), placeholder);
  const pb = await render(placeholder, join(PUBLIC, 'images', 'placeholder.webp'), 1200);
  console.log(`placeholder.webp ${(pb / 1024).toFixed(1)} KB`);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
