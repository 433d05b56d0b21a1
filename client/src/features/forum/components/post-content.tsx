import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { usePhotoViewer, type ViewerPhoto } from '@/components/photo-viewer-slot';
import { cn } from '@/lib/cn';

/** The content's photos (the server renders only this site's uploads as `<img>`), in reading order. */
function photosIn(root: HTMLElement): { images: HTMLImageElement[]; photos: ViewerPhoto[] } {
  const images = [...root.querySelectorAll('img')];
  const photos = images.map((img) => ({
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset') ?? undefined,
    width: Number(img.getAttribute('width')) || undefined,
    height: Number(img.getAttribute('height')) || undefined,
    alt: img.alt,
  }));
  return { images, photos };
}

/**
 * A post's or comment's body from the server's `contentHtml`. A tap on one of its photos opens the
 * full-screen viewer with the content's photos as the set.
 *
 * SECURITY: this is the only place the forum injects HTML, and it takes nothing but `contentHtml` from
 * the API, which the server renders from markdown and sanitises on write (server/lib/markdown.ts:
 * marked with raw HTML escaped, then a sanitize-html allowlist: no scripts, no event attributes, only
 * http(s)/mailto links, `<img>` only for this site's uploads). Every other piece of user text (titles,
 * usernames, status lines, the editor preview) is rendered as React text. Never pass anything else here.
 */
export function PostContent({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { open, viewer } = usePhotoViewer();

  // Photos open with Enter too, so they are in the tab order (the HTML is the server's, hence after render).
  useEffect(() => {
    ref.current?.querySelectorAll('img').forEach((img) => (img.tabIndex = 0));
  }, [html]);

  const openFrom = (target: EventTarget) => {
    const root = ref.current;
    if (!root || !(target instanceof HTMLImageElement) || !root.contains(target)) return false;
    const { images, photos } = photosIn(root);
    open(photos, Math.max(0, images.indexOf(target)));
    return true;
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    // A photo inside a link is the link's (the server does not link photos; an author's markdown might).
    if (e.target instanceof Element && e.target.closest('a')) return;
    if (openFrom(e.target)) e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.key === 'Enter' || e.key === ' ') && openFrom(e.target)) e.preventDefault();
  };

  return (
    <>
      {/* Delegation: the photos inside are focusable, and open with Enter as well as a tap. */}
      <div ref={ref} className={cn('prose-body', '[&_img]:cursor-zoom-in', className)} onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: html }} />
      {viewer}
    </>
  );
}
