import { ImageResponse } from 'next/og';
import type { Highlight } from '@/contract/content/schemas';
import { FESTIVAL_CITY, FESTIVAL_FULL_NAME, formatDate } from '@/contract/festival';
import { loadOgFonts } from '@/lib/seo/og-fonts';

const OG_SIZE = { width: 1200, height: 630 } as const;

const INK = '#1d2a6b';
const GOLD = '#f2b632';
const ORANGE = '#e0582e';
const PAPER = '#fbf3e4';

/**
 * A report's share card in the festival's look: indigo ground, the adire sun mark, the title in
 * Fraunces and the category, date and author in Space Grotesk. Unknown slugs get the festival card.
 */
export async function renderReportOgImage(highlight: Highlight | undefined): Promise<ImageResponse> {
  const { fonts, drawable } = await loadOgFonts();
  const title = drawable(highlight?.title ?? FESTIVAL_FULL_NAME);
  const meta = drawable(
    highlight
      ? [highlight.category, formatDate(highlight.date), highlight.author].filter(Boolean).join('  ·  ')
      : `Books, stories and the arts in ${FESTIVAL_CITY}`,
  );
  const titleSize = title.length > 70 ? 56 : title.length > 45 ? 66 : 76;
  return new ImageResponse(
    (
      <div
        style={{
          width: '100%',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: '64px 72px',
          background: INK,
          color: PAPER,
          fontFamily: 'Space Grotesk',
          position: 'relative',
        }}
      >
        <div style={{ position: 'absolute', right: -120, top: -120, width: 520, height: 520, display: 'flex', borderRadius: 9999, border: `28px dashed ${GOLD}`, opacity: 0.35 }} />
        <div style={{ position: 'absolute', right: 40, top: 40, width: 200, height: 200, display: 'flex', borderRadius: 9999, background: ORANGE, opacity: 0.85 }} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div style={{ width: 64, height: 64, borderRadius: 9999, background: GOLD, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <div style={{ width: 28, height: 28, borderRadius: 9999, background: ORANGE, display: 'flex' }} />
          </div>
          <div style={{ display: 'flex', fontSize: 30, fontWeight: 700, letterSpacing: 1 }}>{drawable(FESTIVAL_FULL_NAME)}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24, maxWidth: 880 }}>
          {highlight ? (
            <div style={{ display: 'flex', fontSize: 26, fontWeight: 700, color: GOLD, textTransform: 'uppercase', letterSpacing: 3 }}>
              Highlights
            </div>
          ) : null}
          <div style={{ display: 'flex', fontFamily: 'Fraunces', fontWeight: 700, fontSize: titleSize, lineHeight: 1.08 }}>{title}</div>
        </div>
        <div style={{ display: 'flex', fontSize: 28, borderTop: `4px solid ${GOLD}`, paddingTop: 24 }}>{meta}</div>
      </div>
    ),
    { ...OG_SIZE, fonts: fonts.length > 0 ? fonts : undefined },
  );
}
