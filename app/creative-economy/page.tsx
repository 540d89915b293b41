import type { Metadata } from 'next';
import { CategoryPage, categoryMetadata } from '@/components/events/category-page';

export const dynamic = 'force-dynamic';

export function generateMetadata(): Metadata {
  return categoryMetadata('creative-economy');
}

export default function Page() {
  return <CategoryPage slug="creative-economy" />;
}
