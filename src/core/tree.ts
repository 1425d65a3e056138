// A service description compiled at build time: a compact, JSON-safe element tree. The page renders it with
// a few lines of React (templates/components/RichText.tsx) instead of shipping a Markdown parser or a hast
// runtime to the visitor (rehype-react with unified would add about 14.5 KB gzip).
export type TreeNode = string | TreeElement;
export type TreeElement = [tag: string, props: Record<string, string> | null, ...children: TreeNode[]];
