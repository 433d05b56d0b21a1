import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';

const photo = (n: number): ViewerPhoto => ({
  src: `/uploads/${String(n).padStart(20, 'a')}/full.jpg`,
  srcset: `/uploads/${String(n).padStart(20, 'a')}/w320.webp 320w, /uploads/${String(n).padStart(20, 'a')}/full.webp 800w`,
  width: 800,
  height: 600,
  alt: `Van ${n}`,
});
const three = [photo(1), photo(2), photo(3)];

// jsdom has no PointerEvent: fireEvent.pointer* would carry no coordinates or pointer id.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'touch';
  }
}
beforeAll(() => vi.stubGlobal('PointerEvent', TestPointerEvent));
afterAll(() => vi.unstubAllGlobals());

const shownImage = () => screen.getByRole('dialog').querySelector('img')!;

function renderViewer(photos: ViewerPhoto[], index = 0) {
  const closed = { count: 0 };
  const result = render(<PhotoViewer photos={photos} index={index} onClose={() => closed.count++} />);
  return { ...result, closed };
}

describe('PhotoViewer', () => {
  it('shows the photo it opens at, full size with its srcset for the whole screen', () => {
    renderViewer(three, 1);
    const dialog = screen.getByRole('dialog', { name: /Van 2/ });
    expect(dialog.textContent).toContain('2 of 3');
    const img = shownImage();
    expect(img.getAttribute('src')).toBe(three[1]!.src);
    expect(img.getAttribute('srcset')).toBe(three[1]!.srcset);
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('alt')).toBe('Van 2');
    expect(screen.getByTestId('photo-viewer-area').className).toContain('touch-none');
  });

  it('moves with Next and Previous, which are disabled at the ends', async () => {
    renderViewer(three);
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownImage().getAttribute('src')).toBe(three[1]!.src);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownImage().getAttribute('src')).toBe(three[2]!.src);
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownImage().getAttribute('src')).toBe(three[1]!.src);
  });

  it('moves with the arrow keys', async () => {
    renderViewer(three);
    await userEvent.keyboard('{ArrowRight}');
    expect(shownImage().getAttribute('src')).toBe(three[1]!.src);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownImage().getAttribute('src')).toBe(three[0]!.src);
  });

  it('has no Previous or Next for a single photo', () => {
    renderViewer([photo(1)]);
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.getByRole('dialog').textContent).not.toContain('1 of 1');
  });

  it('closes with Escape and with Close', async () => {
    const { closed } = renderViewer(three);
    await userEvent.keyboard('{Escape}');
    expect(closed.count).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed.count).toBe(2);
  });

  it('swipes to the next photo, and a double tap zooms in and out', () => {
    renderViewer(three);
    const area = screen.getByTestId('photo-viewer-area');
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 150, clientY: 210 });
    fireEvent.pointerUp(area, { pointerId: 1, clientX: 150, clientY: 210 });
    expect(shownImage().getAttribute('src')).toBe(three[1]!.src);

    for (let i = 0; i < 2; i++) {
      fireEvent.pointerDown(area, { pointerId: 2, clientX: 0, clientY: 0 });
      fireEvent.pointerUp(area, { pointerId: 2, clientX: 0, clientY: 0 });
    }
    expect(shownImage().style.transform).toContain('scale(2.5)');
    // Zoomed, a drag pans instead of moving to another photo.
    fireEvent.pointerDown(area, { pointerId: 3, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(area, { pointerId: 3, clientX: 100, clientY: 200 });
    fireEvent.pointerUp(area, { pointerId: 3, clientX: 100, clientY: 200 });
    expect(shownImage().getAttribute('src')).toBe(three[1]!.src);
    for (let i = 0; i < 2; i++) {
      fireEvent.pointerDown(area, { pointerId: 4, clientX: 0, clientY: 0 });
      fireEvent.pointerUp(area, { pointerId: 4, clientX: 0, clientY: 0 });
    }
    expect(shownImage().style.transform).toContain('scale(1)');
  });
});

describe('PhotoViewer pinch', () => {
  it('two fingers moving apart zoom in, at most 4 times, and back together unzoom', () => {
    renderViewer(three);
    const area = screen.getByTestId('photo-viewer-area');
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(area, { pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(area, { pointerId: 2, clientX: 300, clientY: 100 });
    expect(shownImage().style.transform).toContain('scale(2)');
    fireEvent.pointerMove(area, { pointerId: 2, clientX: 900, clientY: 100 });
    expect(shownImage().style.transform).toContain('scale(4)');
    fireEvent.pointerMove(area, { pointerId: 2, clientX: 150, clientY: 100 });
    fireEvent.pointerUp(area, { pointerId: 2, clientX: 150, clientY: 100 });
    fireEvent.pointerUp(area, { pointerId: 1, clientX: 100, clientY: 100 });
    expect(shownImage().style.transform).toContain('scale(1)');
    // A pinch is not a swipe: still the first photo.
    expect(shownImage().getAttribute('src')).toBe(three[0]!.src);
  });
});
