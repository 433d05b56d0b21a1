import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { hydrateInSlices } from './hydration-slices';
import { StaticUntilUsed } from './static-until-used';

// ADR 0018: a part the server rendered keeps its markup through hydration, never rendered in the
// browser until used; then the tap that woke it reaches the same control, live.

let renders = 0;
const clicked = vi.fn();

function Row({ label }: { label: string }) {
  renders += 1;
  const [votes, setVotes] = useState(0);
  return (
    <article>
      <h2>{label}</h2>
      <button
        type="button"
        onClick={() => {
          clicked();
          setVotes((v) => v + 1);
        }}
      >
        Upvote {votes}
      </button>
      <time dateTime="2026-11-29T10:00:00.000Z" onPointerDown={() => clicked('pressed')}>
        just now
      </time>
      <a href="#comments">Open</a>
    </article>
  );
}

function List({ label, extra = 0 }: { label: string; extra?: number }) {
  return (
    <ul>
      <StaticUntilUsed as="li" className="row" watch={[label]}>
        <Row label={label} />
      </StaticUntilUsed>
      {extra > 0 && (
        <StaticUntilUsed as="li" watch={[]}>
          <Row label="added later" />
        </StaticUntilUsed>
      )}
    </ul>
  );
}

let root: Root | undefined;
let container: HTMLElement;

function serverPage(label: string) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<List label={label} />);
  document.body.append(container);
  renders = 0;
  clicked.mockReset();
}

function hydrate(element: React.ReactElement) {
  act(() => hydrateInSlices(() => (root = hydrateRoot(container, element))));
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('StaticUntilUsed', () => {
  it("keeps the server's markup through hydration without rendering the part", () => {
    serverPage('Fuel card or not?');
    const before = container.querySelector('article');
    const markup = container.innerHTML;
    hydrate(<List label="Fuel card or not?" />);
    expect(renders).toBe(0);
    expect(container.innerHTML).toBe(markup);
    expect(container.querySelector('article')).toBe(before);
    expect(container.querySelector('li')?.className).toBe('row');
  });

  it('comes alive on a tap of a control, which reaches the live control once', async () => {
    serverPage('Fuel card or not?');
    hydrate(<List label="Fuel card or not?" />);
    const button = container.querySelector('button')!;
    button.focus();
    await act(async () => button.click());
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')?.textContent).toBe('Upvote 1');
    // The live button, not the server's, has the focus the reader gave it.
    expect(container.querySelector('button')).not.toBe(button);
    expect(document.activeElement).toBe(container.querySelector('button'));
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('Upvote 2');
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('hands a press on a time (its long press) to the live time', async () => {
    serverPage('Fuel card or not?');
    hydrate(<List label="Fuel card or not?" />);
    await act(async () => container.querySelector('time')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true })));
    expect(renders).toBe(1);
    expect(clicked).toHaveBeenCalledWith('pressed');
  });

  it("leaves a link's click with a modifier to the browser, and a tap on plain text wakes nothing", async () => {
    serverPage('Fuel card or not?');
    hydrate(<List label="Fuel card or not?" />);
    const link = container.querySelector('a')!;
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(async () => link.dispatchEvent(newTab));
    expect(newTab.defaultPrevented).toBe(false);
    await act(async () => container.querySelector('h2')!.click());
    expect(renders).toBe(0);
    // A button has nothing of the browser's own to do: a shift-click still reaches it.
    await act(async () => container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true })));
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('comes alive when what it shows changes, and a part added after hydration is live at once', () => {
    serverPage('Fuel card or not?');
    hydrate(<List label="Fuel card or not?" />);
    act(() => root!.render(<List label="Fuel card or not?" extra={1} />));
    expect(renders).toBe(1);
    expect(container.textContent).toContain('added later');
    // The focus stays where it was (a comment opened from its link has it, and is then highlighted).
    container.querySelector('a')!.focus();
    act(() => root!.render(<List label="Fuel card: yes" extra={1} />));
    expect(container.querySelector('h2')?.textContent).toBe('Fuel card: yes');
    expect(document.activeElement).toBe(container.querySelector('a'));
  });
});
