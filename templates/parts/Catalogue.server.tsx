// The home page's catalogue, a section per category: rendered on the server only (Prerendered.tsx, bundle.ts).
import type { HomeData } from '../data.ts';
import { CategorySection } from '../components/CategorySection.tsx';

export default function Catalogue({ data }: { data: HomeData | undefined }) {
  if (!data) throw new Error('Home page rendered without home data');
  return data.categories.map((category) => <CategorySection key={category.anchor} category={category} />);
}
