import type { Metadata } from 'next';
import { CategoryPage, categoryMetadata } from '@/components/events/category-page';


export async function generateMetadata(): Promise<Metadata> {
  return categoryMetadata('creative-economy');
}

export default function Page() {
  return <CategoryPage slug="creative-economy" />;
}
