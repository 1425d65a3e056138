// Renders a description compiled at build time (src/model/tree.ts) as React elements. Links to this site
// navigate client-side; everything else is plain, already-sanitised markup.
import { Link } from '../../src/client/api.ts';
import { createElement, type ReactNode } from 'react';
import { EmojiText } from './EmojiText.tsx';
import type { TreeNode } from '../../src/core/tree.ts';

function render(node: TreeNode, key: number): ReactNode {
  if (typeof node === 'string') return <EmojiText key={key} text={node} />;
  const [tag, props, ...children] = node;
  const content = children.map(render);
  if (tag === 'a' && props?.href?.startsWith('/')) {
    return (
      <Link key={key} to={props.href}>
        {content}
      </Link>
    );
  }
  if (tag === 'a' && props?.target === '_blank') {
    content.push(
      <span key="new-tab" className="visually-hidden">
        {' '}
        (opens in a new tab)
      </span>,
    );
  }
  return createElement(tag, { ...props, key }, ...content);
}

export function RichText({ tree, className }: { tree: readonly TreeNode[]; className?: string }) {
  return <div className={className}>{tree.map(render)}</div>;
}
