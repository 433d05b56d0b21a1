import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MarkdownPreview } from './markdown-preview';

// Issue 18: the live preview styles @names as the stored mentions will look (class "mention"), but
// not in code nor inside a link, and never as markup.

const mentions = (source: string) =>
  [...render(<MarkdownPreview source={source} />).container.querySelectorAll('.mention')].map((el) => [el.tagName.toLowerCase(), el.textContent]);

describe('MarkdownPreview mentions', () => {
  it('styles @names in text and emphasis, not in code, links or e-mail addresses', () => {
    expect(mentions('Ask @sam_d and **@Bob**, `@code`, [@link](https://e.com), me@mail.com')).toEqual([
      ['span', '@sam_d'],
      ['span', '@Bob'],
    ]);
  });

  it('keeps what follows a mention as text', () => {
    const { container } = render(<MarkdownPreview source="@bob<img src=x onerror=alert(1)>" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('@bob<img src=x onerror=alert(1)>');
  });
});
