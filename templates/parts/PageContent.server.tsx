// A page of the site's own (pages/{slug}.md): its Markdown, rendered on the server only (Prerendered.tsx,
// bundle.ts), like a service's description; and under it the organisation when its front matter shows it.
import type { PageData } from '../data.ts';
import { RichText } from '../components/RichText.tsx';
import Organisation from './Organisation.server.tsx';

export default function PageContent({ data }: { data: PageData | undefined }) {
  if (!data) throw new Error('A page of the site rendered without its data');
  return (
    <>
      <RichText className="prose" tree={data.tree} />
      {data.organisation && <Organisation organisation={data.organisation} />}
    </>
  );
}
