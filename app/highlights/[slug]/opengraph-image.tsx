import { renderReportOgImage } from '@/components/highlights/og-card';
import { getHighlight } from '@/lib/content';

export const alt = 'Ìtàn Festival report';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/** The report's Open Graph image, generated in the festival's look. */
export default async function OpenGraphImage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return renderReportOgImage(await getHighlight(slug));
}
