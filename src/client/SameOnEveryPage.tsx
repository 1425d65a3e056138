// A part that is the same on every page of the site (the footer: a third of a service page's elements, and of
// its prerendering time). The prerenderer renders its content once per site and repeats that markup; the
// browser renders it as usual, and React hydrates it against the same markup. Only for content that reads
// nothing but the site shell (useSite): no route, no useId. Anything else throws while prerendering (no router
// or page source there), rather than repeating one page's markup on every page.
import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

/** The prerenderer's cache: the markup of `content` under `key`, rendered the first time it is asked for. */
export type RenderOnce = (key: string, content: ReactNode) => string;

export const RenderOnceContext = createContext<RenderOnce | null>(null);

type Props = HTMLAttributes<HTMLElement> & { as: 'footer' | 'div' | 'nav' | 'section'; cacheKey: string; children: ReactNode };

export function SameOnEveryPage({ as: Tag, cacheKey, children, ...props }: Props) {
  const renderOnce = useContext(RenderOnceContext);
  if (!renderOnce) return <Tag {...props}>{children}</Tag>;
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: renderOnce(cacheKey, children) }} />;
}
