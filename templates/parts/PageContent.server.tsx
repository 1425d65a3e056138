// A page of the site's own (pages/{slug}.md): its Markdown, rendered on the server only (Prerendered.tsx,
// bundle.ts), like a service's description.
import type { PageData } from '../data.ts';
import { RichText } from '../components/RichText.tsx';

export default function PageContent({ data }: { data: PageData | undefined }) {
  if (!data) throw new Error('A page of the site rendered without its data');
  return <RichText className="prose" tree={data.tree} />;
}
