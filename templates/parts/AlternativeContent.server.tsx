// An alternatives page's own content (catalogue/alternatives/{slug}.md) and the day it was last reviewed:
// rendered on the server only (Prerendered.tsx, bundle.ts), like a service's description.
import type { SiteShell } from '../../src/model/shell.ts';
import type { AlternativeData } from '../data.ts';
import { RichText } from '../components/RichText.tsx';
import { formatDay } from '../format.ts';

export default function AlternativeContent({ site, data }: { site: SiteShell; data: AlternativeData | undefined }) {
  if (!data) throw new Error('Alternatives page with content rendered without its data');
  const { content } = data;
  return (
    <section className="alternative-content" aria-labelledby="alternative-title">
      <h2 id="alternative-title" className="section-title">
        {content.title ?? `Why teams choose ${site.brand}`}
      </h2>
      <p className="alternative-reviewed">
        Last reviewed <time dateTime={content.reviewed}>{formatDay(content.reviewed)}</time>
      </p>
      <RichText className="prose" tree={content.tree} />
    </section>
  );
}
