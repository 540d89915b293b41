import { ImageResponse } from 'next/og';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Highlight } from '@/contract/content/schemas';
import { highlightsFallback } from '@/contract/fallbacks/highlights';
import { loadOgFonts } from '@/lib/seo/og-fonts';
import { recordFetches, YORUBA_LETTERS, YORUBA_TITLE } from '@/test/support/yoruba';
import { renderReportOgImage } from './og-card';

let network: ReturnType<typeof recordFetches> | undefined;
afterEach(() => {
  network?.restore();
  vi.restoreAllMocks();
});

describe('renderReportOgImage with Yorùbá', () => {
  it('draws a report titled in Yorùbá (title, category and author) without asking the network for a font', async () => {
    network = recordFetches();
    const highlight: Highlight = { ...highlightsFallback[0]!, title: YORUBA_TITLE, category: 'Ẹ̀kọ́ Ọ̀rọ̀', author: `Adéṣọlá Ọmọ́yẹni ${YORUBA_LETTERS}` };
    const png = Buffer.from(await (await renderReportOgImage(highlight)).arrayBuffer());
    expect(network.urls).toEqual([]);
    const meta = await sharp(png).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 1200, height: 630 });
  });

  it('(the check sees a fetch: next/og asks for a font when handed a character our fonts lack)', async () => {
    network = recordFetches();
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fonts } = await loadOgFonts();
    await new ImageResponse(<div style={{ display: 'flex', fontFamily: 'Fraunces' }}>Книга</div>, { width: 200, height: 100, fonts }).arrayBuffer();
    expect(network.urls.some((url) => url.startsWith('https://fonts.googleapis.com/'))).toBe(true);
    expect(String(said.mock.calls[0]?.[0])).toContain('Failed to load dynamic font');
  });
});
