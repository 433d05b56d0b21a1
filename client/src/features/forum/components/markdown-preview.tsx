import { Fragment, useMemo, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { splitMentions } from '@/lib/mentions';
import { isSitePhoto, parseMarkdown, type Block, type Inline } from '../lib/markdown-lite';

// Renders the editor's preview from parsed data with React elements only: every piece of the member's
// text becomes a text node, so no markup in it can run. Links are shown, not followed. An image shows
// only when it is one of this site's photos (isSitePhoto); any other is shown as a link would be.

/** The photos the preview may load beyond this site's /uploads/ paths (those uploaded in the editor). */
type Known = ReadonlySet<string> | undefined;

/**
 * Text with its @names styled as the stored mentions will be (issue 18). The preview cannot know who
 * exists: every well-formed @name is styled, and the server links only members.
 */
function withMentions(text: string): ReactNode {
  return splitMentions(text).map((p, i) =>
    p.t === 'text' ? (
      <Fragment key={i}>{p.v}</Fragment>
    ) : (
      <span key={i} className="mention">
        @{p.username}
      </span>
    ),
  );
}

function renderInline(nodes: Inline[], known?: Known, inLink = false): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{inLink ? n.v : withMentions(n.v)}</Fragment>;
      case 'br':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'strong':
        return <strong key={i}>{renderInline(n.c, known, inLink)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.c, known, inLink)}</em>;
      case 'del':
        return <del key={i}>{renderInline(n.c, known, inLink)}</del>;
      case 'image':
        if (isSitePhoto(n.href, known)) {
          return <img key={i} src={n.href} alt={n.alt.trim() || 'Photo'} loading="lazy" decoding="async" className="h-auto w-full rounded-lg" />;
        }
        return (
          <span key={i}>
            <span className="text-link underline underline-offset-2">{n.alt || n.href}</span>
            {n.alt && n.href && <span className="text-sm text-muted"> ({n.href})</span>}
          </span>
        );
      case 'link':
        return (
          <span key={i}>
            <span className="text-link underline underline-offset-2">{renderInline(n.c, known, true)}</span>
            {n.href && <span className="text-sm text-muted"> ({n.href})</span>}
          </span>
        );
    }
  });
}

function renderBlocks(blocks: Block[], known?: Known): ReactNode[] {
  return blocks.map((b, i) => {
    switch (b.t) {
      case 'p':
        return <p key={i}>{renderInline(b.c, known)}</p>;
      case 'h': {
        const H = `h${b.level}` as const;
        return <H key={i}>{renderInline(b.c, known)}</H>;
      }
      case 'ul':
        return (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item, known)}</li>
            ))}
          </ul>
        );
      case 'ol':
        return (
          <ol key={i} start={b.start}>
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item, known)}</li>
            ))}
          </ol>
        );
      case 'quote':
        return <blockquote key={i}>{renderBlocks(b.c, known)}</blockquote>;
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

export function MarkdownPreview({ source, className, photoUrls }: { source: string; className?: string; photoUrls?: ReadonlySet<string> }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  if (!source.trim()) return <p className={cn('text-muted', className)}>Nothing to preview yet.</p>;
  return <div className={cn('prose-body', className)}>{renderBlocks(blocks, photoUrls)}</div>;
}
