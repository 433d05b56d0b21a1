import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { spriteIcon } from './sprite-icon';

// Issue 31, ADR 0018: an icon is a reference into the sprite, whose symbol carries the 24-unit box.
describe('spriteIcon', () => {
  const Pin = spriteIcon('/assets/icons-x.svg#pin');

  it('draws <svg class="i"><use/></svg> without a box of its own, hidden from screen readers unless labelled', () => {
    const { container } = render(<Pin className="size-4" />);
    expect(container.innerHTML).toBe('<svg aria-hidden="true" class="i size-4"><use href="/assets/icons-x.svg#pin"></use></svg>');
    const labelled = render(<Pin aria-label="Pinned" />).container.querySelector('svg')!;
    expect(labelled.hasAttribute('aria-hidden')).toBe(false);
    expect(labelled.getAttribute('aria-label')).toBe('Pinned');
  });

  it('keeps the 24-unit box when it draws children of its own, which are in those units', () => {
    const { container } = render(
      <Pin>
        <circle cx="18" cy="6" r="3" />
      </Pin>,
    );
    expect(container.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 24 24');
  });
});
