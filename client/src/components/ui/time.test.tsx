import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LONG_PRESS_MS, Time } from './time';

// jsdom has no PointerEvent: fireEvent.pointer* would carry no pointerType.
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeAll(() => vi.stubGlobal('PointerEvent', TestPointerEvent));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => vi.useRealTimers());

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('Time', () => {
  it('shows the age as people say it, with the machine time and the exact London time', () => {
    vi.useFakeTimers({ now: NOW });
    render(<Time date="2025-06-01T11:59:40Z" />);
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe('2025-06-01T11:59:40.000Z');
    expect(time.getAttribute('title')).toBe('1 Jun 2025, 12:59');
  });

  it('shows what it is given instead of the age (a chat clock time)', () => {
    render(<Time date="2025-06-01T13:05:00Z">14:05</Time>);
    expect(screen.getByText('14:05').getAttribute('title')).toBe('1 Jun 2025, 14:05');
  });

  it('renders nothing for a date that does not read as one', () => {
    const { container } = render(<Time date="nonsense" />);
    expect(container.innerHTML).toBe('');
  });

  it('a long press on a touch screen shows the exact time, and another the age again', () => {
    vi.useFakeTimers({ now: NOW });
    render(<Time date="2025-06-01T09:00:00Z" />);
    const time = screen.getByText('3 hours ago');
    fireEvent.pointerDown(time, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.pointerUp(time, { pointerType: 'touch' });
    expect(time.textContent).toBe('1 Jun 2025, 10:00');
    fireEvent.pointerDown(time, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(time.textContent).toBe('3 hours ago');
  });

  it('a tap, a short press or a mouse press changes nothing', () => {
    vi.useFakeTimers({ now: NOW });
    render(<Time date="2025-06-01T09:00:00Z" />);
    const time = screen.getByText('3 hours ago');
    fireEvent.pointerDown(time, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 100));
    fireEvent.pointerUp(time, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.pointerDown(time, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(time.textContent).toBe('3 hours ago');
  });

  it("inside a link, the long press takes the phone's menu and the click, not a later tap", () => {
    vi.useFakeTimers({ now: NOW });
    const followed = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <a href="/somewhere" onClick={followed}>
        <Time date="2025-06-01T09:00:00Z" />
      </a>,
    );
    const time = screen.getByText('3 hours ago');
    fireEvent.pointerDown(time, { pointerType: 'touch' });
    // Android's own long press, before the timer: its menu is not opened, the exact time is shown.
    expect(fireEvent.contextMenu(time)).toBe(false);
    expect(time.textContent).toBe('1 Jun 2025, 10:00');
    fireEvent.pointerUp(time, { pointerType: 'touch' });
    fireEvent.click(time);
    expect(followed).not.toHaveBeenCalled();
    // A tap afterwards follows the link.
    fireEvent.pointerDown(time, { pointerType: 'touch' });
    fireEvent.pointerUp(time, { pointerType: 'touch' });
    fireEvent.click(time);
    expect(followed).toHaveBeenCalledTimes(1);
    // A right click keeps its menu.
    expect(fireEvent.contextMenu(time)).toBe(true);
  });
});
