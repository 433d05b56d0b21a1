import { createElement, forwardRef, type CSSProperties, type HTMLAttributes } from 'react';

// Issue 31, ADR 0018: an icon is a reference into one cached sprite (scripts/icon-sprite.mjs builds it
// from the lucide icons the client imports), not a copy of its paths: the forum list drew 188 icons,
// 75 kB of markup and 380 elements of a page. The build points `lucide-react` here.

type Props = HTMLAttributes<HTMLElement> & { size?: number | string };

const labelled = (props: object) => Object.entries(props).some(([k, v]) => v != null && (k === 'aria-label' || k === 'aria-labelledby'));

/**
 * An icon component as lucide-react's are (its props, its look), drawn from the sprite view at `href`:
 * one empty element painted in the text colour through the icon's shape (`.i` in index.css), where an
 * `<svg><use/></svg>` was two elements and twice the markup. `fill-current` (a vote given, a post saved)
 * picks the icon's filled twin.
 */
export function spriteIcon(href: string) {
  // aria-hidden is dropped: an empty <i> says nothing to assistive technology already (20 bytes an icon).
  return forwardRef<HTMLElement, Props>(function SpriteIcon({ size, className, style, 'aria-hidden': _hidden, ...rest }, ref) {
    const filled = className?.split(' ').includes('fill-current');
    const mask = { '--i': `url(${href}${filled ? '-fill' : ''})` } as CSSProperties;
    return createElement('i', {
      ref,
      className: className ? `i ${className}` : 'i',
      style: size == null ? { ...mask, ...style } : { ...mask, width: size, height: size, ...style },
      ...(labelled(rest) && !('role' in rest) ? { role: 'img' } : {}),
      ...rest,
    });
  });
}
