import { Fragment, useMemo, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown-lite';
import { proseClasses } from '../lib/prose';

// Renders the editor's preview from parsed data with React elements only: every piece of the member's
// text becomes a text node, so no markup in it can run. Links are shown, not followed.

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'br':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'strong':
        return <strong key={i}>{renderInline(n.c)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.c)}</em>;
      case 'del':
        return <del key={i}>{renderInline(n.c)}</del>;
      case 'link':
        return (
          <span key={i}>
            <span className="text-link underline underline-offset-2">{renderInline(n.c)}</span>
            {n.href && <span className="text-sm text-muted"> ({n.href})</span>}
          </span>
        );
    }
  });
}

function renderBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((b, i) => {
    switch (b.t) {
      case 'p':
        return <p key={i}>{renderInline(b.c)}</p>;
      case 'h': {
        const H = `h${b.level}` as const;
        return <H key={i}>{renderInline(b.c)}</H>;
      }
      case 'ul':
        return (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        );
      case 'ol':
        return (
          <ol key={i} start={b.start}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ol>
        );
      case 'quote':
        return <blockquote key={i}>{renderBlocks(b.c)}</blockquote>;
      case 'pre':
        return (
          <pre key={i}>
            <code>{b.v}</code>
          </pre>
        );
      case 'hr':
        return <hr key={i} />;
    }
  });
}

export function MarkdownPreview({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  if (!source.trim()) return <p className={cn('text-muted', className)}>Nothing to preview yet.</p>;
  return <div className={cn(proseClasses, className)}>{renderBlocks(blocks)}</div>;
}
