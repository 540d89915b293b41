import { renderReportOgImage } from '@/components/highlights/og-card';
import { getHighlight } from '@/lib/content';

export const alt = 'Ìtàn Festival report';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/** The same card as the Open Graph image, for X/Twitter's summary_large_image. */
export default async function TwitterImage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return renderReportOgImage(await getHighlight(slug));
}
