import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from '@/lib/router';
import { Head } from '@/components/ui/head';
import { formatContentDate, parseInline, type ContentBlock, type ContentPage } from '@common/content/types';

/** Inline text with `[label](href)` links: site paths through the router, others as plain links. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, i) => {
        if (!part.href) return part.text;
        if (part.href.startsWith('/') && !part.href.startsWith('//')) {
          return (
            <Link key={i} to={part.href} className="link">
              {part.text}
            </Link>
          );
        }
        return (
          <a key={i} href={part.href} className="link" rel={part.href.startsWith('#') ? undefined : 'noopener noreferrer'}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'p':
      return (
        <p>
          <InlineText text={block.text} />
        </p>
      );
    case 'note':
      return (
        <p className="rounded-lg border-l-4 border-accent-400 bg-accent-100 px-4 py-3">
          <strong>Note: </strong>
          <InlineText text={block.text} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <InlineText text={item} />
        </li>
      ));
      return block.ordered ? <ol className="list-decimal space-y-2 pl-6">{items}</ol> : <ul className="list-disc space-y-2 pl-6">{items}</ul>;
    }
    case 'table':
      return (
        // A focusable, labelled scroll box: wide tables scroll sideways on a phone, by keyboard too.
        <div className="overflow-x-auto rounded-lg border border-line bg-card" tabIndex={0} role="region" aria-label={block.caption}>
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="px-3 py-2 text-left font-semibold">
              <InlineText text={block.caption} />
            </caption>
            <thead className="bg-surface">
              <tr>
                {block.head.map((h, i) => (
                  <th key={i} scope="col" className="border-t border-line px-3 py-2 align-bottom font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r} className="border-t border-line align-top">
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row" className="px-3 py-2 font-semibold">
                        <InlineText text={cell} />
                      </th>
                    ) : (
                      <td key={c} className="px-3 py-2">
                        <InlineText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Scrolls to the #anchor of the address once the page is there (router links do not). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView?.();
  }, [hash]);
}

/** A content page from its data: h1, date, intro, table of contents, sections (h2) and subsections (h3). */
export function ContentPageView({ page, children }: { page: ContentPage; children?: ReactNode }) {
  useScrollToHash();
  return (
    <article className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-6 sm:py-10">
      {/* The title only, like every page: the server writes the description, canonical and social tags. */}
      <Head title={page.title} />
      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold">{page.heading ?? page.title}</h1>
        <p className="text-muted">
          {page.lastReviewedLabel}: <time dateTime={page.lastReviewed}>{formatContentDate(page.lastReviewed)}</time>
        </p>
      </header>
      {page.intro.length > 0 && (
        <div className="grid gap-3">
          {page.intro.map((text, i) => (
            <p key={i}>
              <InlineText text={text} />
            </p>
          ))}
        </div>
      )}
      {page.toc && page.sections.length > 0 && (
        <nav aria-labelledby="toc-heading" className="rounded-lg border border-line bg-card px-4 py-3">
          <h2 id="toc-heading" className="text-lg font-bold">
            Contents
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {page.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="link">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {page.sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id} className="grid scroll-mt-20 gap-3">
          <h2 id={s.id} className="scroll-mt-20 text-2xl font-bold">
            {s.heading}
          </h2>
          {s.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
          {s.subsections?.map((sub) => (
            <div key={sub.id} className="grid gap-3">
              <h3 id={sub.id} className="mt-2 scroll-mt-20 text-xl font-bold">
                {sub.heading}
              </h3>
              {sub.blocks.map((b, i) => (
                <Block key={i} block={b} />
              ))}
            </div>
          ))}
          {page.toc && (
            <p className="text-sm">
              <a href="#toc-heading" className="link">
                Back to contents
              </a>
            </p>
          )}
        </section>
      ))}
      {children}
    </article>
  );
}
