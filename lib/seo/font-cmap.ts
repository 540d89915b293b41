/**
 * The code points a TrueType/OpenType font maps to a glyph: its `cmap` table's Unicode subtables
 * (formats 4 and 12, the ones fonts carry for Unicode; OpenType spec, "cmap — Character to Glyph
 * Index Mapping Table"). Read once per process for the share images' fonts, so the text they draw
 * can be held to what those fonts have.
 */
export function fontCodePoints(data: ArrayBuffer): Set<number> {
  const view = new DataView(data);
  const cmap = tableOffset(view, 'cmap');
  const found = new Set<number>();
  const subtables = view.getUint16(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const at = cmap + view.getUint32(record + 4);
    const format = view.getUint16(at);
    if (format === 4) readFormat4(view, at, found);
    else if (format === 12) readFormat12(view, at, found);
  }
  return found;
}

function tableOffset(view: DataView, tag: string): number {
  const wanted = [...tag].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);
  const tables = view.getUint16(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (view.getUint32(record) === wanted) return view.getUint32(record + 8);
  }
  throw new Error(`the font has no ${tag} table`);
}

function readFormat4(view: DataView, at: number, found: Set<number>): void {
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const start = view.getUint16(starts + s * 2);
    const end = view.getUint16(ends + s * 2);
    const delta = view.getUint16(deltas + s * 2);
    const rangeOffset = view.getUint16(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = view.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) found.add(code);
    }
  }
}

function readFormat12(view: DataView, at: number, found: Set<number>): void {
  const groups = view.getUint32(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = view.getUint32(group);
    const end = view.getUint32(group + 4);
    const firstGlyph = view.getUint32(group + 8);
    for (let code = start; code <= end; code++) if (firstGlyph + (code - start) !== 0) found.add(code);
  }
}
