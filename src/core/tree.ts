// A service description compiled at build time: a compact, JSON-safe element tree. The page renders it with
// a few lines of React (templates/components/RichText.tsx) instead of shipping a Markdown parser or a hast
// runtime to the visitor (rehype-react with unified would add about 14.5 KB gzip).
export type TreeNode = string | TreeElement;
export type TreeElement = [tag: string, props: Record<string, string> | null, ...children: TreeNode[]];

/** Elements that run inside a line of text: the words on either side of them may touch ("**Price:**" then text). */
const INLINE = new Set(['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'kbd', 's', 'span', 'strong', 'sub', 'sup']);

/** A tree's text as one line: what its elements say, a space where a block ends (compiled trees keep no
 *  whitespace between blocks). */
export function treeText(nodes: readonly TreeNode[]): string {
  const parts: string[] = [];
  const visit = (node: TreeNode) => {
    if (typeof node === 'string') return void parts.push(node);
    const [tag, , ...children] = node;
    const block = !INLINE.has(tag);
    if (block) parts.push(' ');
    children.forEach(visit);
    if (block) parts.push(' ');
  };
  nodes.forEach(visit);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * The headings of a page's text placed under its title (the page's h1): Markdown's # and ## are h2, ### is h3, and
 * so on. The compiler places them for a service page, two levels down (# is h3, under its section's h2).
 */
export function underTitle(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    const [tag, props, ...children] = node;
    const level = /^h([3-6])$/.exec(tag)?.[1];
    return [level ? `h${Math.max(2, Number(level) - 2)}` : tag, props, ...underTitle(children)];
  });
}
