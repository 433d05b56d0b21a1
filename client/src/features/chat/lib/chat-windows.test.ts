import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllWindows, closeWindow, getWindows, MAX_WINDOWS, openWindow, toggleMinimized } from './chat-windows';

describe('chat windows', () => {
  beforeEach(() => closeAllWindows());
  it('stacks newest first, without duplicates, capped', () => {
    openWindow(1);
    openWindow(2);
    openWindow(1);
    expect(getWindows().map((w) => w.conversationId)).toEqual(['1', '2']);
    for (let i = 3; i < 10; i++) openWindow(i);
    expect(getWindows()).toHaveLength(MAX_WINDOWS);
  });
  it('minimizes and closes', () => {
    openWindow(5);
    toggleMinimized('5');
    expect(getWindows()[0]!.minimized).toBe(true);
    openWindow(5);
    expect(getWindows()[0]!.minimized).toBe(false);
    closeWindow('5');
    expect(getWindows()).toEqual([]);
  });
});
