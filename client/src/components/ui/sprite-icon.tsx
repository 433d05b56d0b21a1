import { createElement, forwardRef, type SVGProps } from 'react';

// Issue 31, ADR 0018: an icon is a reference into one cached sprite (scripts/icon-sprite.mjs builds it
// from the lucide icons the client imports), not a copy of its paths: the forum list drew 188 icons,
// 75 kB of markup and 380 elements of a page. The build points `lucide-react` here.

type Props = SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string };

const labelled = (props: object) => Object.entries(props).some(([k, v]) => v != null && (k.startsWith('aria-') || k === 'role' || k === 'title'));

/**
 * An icon component as lucide-react's are (its props, its look), drawn from the sprite at `href`. Its
 * size, stroke and fill come from the stylesheet (svg.i in index.css): a class beats them, as one did
 * lucide's attributes.
 */
export function spriteIcon(href: string) {
  return forwardRef<SVGSVGElement, Props>(function SpriteIcon({ size, strokeWidth, className, style, children, ...rest }, ref) {
    return createElement(
      'svg',
      {
        ref,
        // The sprite's symbol has the 24-unit box: its <use> fills the icon's CSS size with it, pixel for
        // pixel as with a box here (all 88 icons at 14–40 px compared in Chromium, 2026-12-01), so a
        // reference drawn twenty times a row saves its 20 bytes. Drawn children are in the icon's units.
        viewBox: children ? '0 0 24 24' : undefined,
        className: className ? `i ${className}` : 'i',
        style: size == null && strokeWidth == null ? style : { width: size, height: size, strokeWidth, ...style },
        ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      createElement('use', { href }),
      children,
    );
  });
}
