import type { Metadata } from 'next';
import { CategoryPage, categoryMetadata } from '@/components/events/category-page';


export async function generateMetadata(): Promise<Metadata> {
  return categoryMetadata('bi-monthly');
}

export default function Page() {
  return <CategoryPage slug="bi-monthly" />;
}
