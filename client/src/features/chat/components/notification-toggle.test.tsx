import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TEXT, NotificationToggle } from './notification-toggle';

// Asked politely: the browser's prompt only when the member presses 'Turn on notifications'.

const stubNotification = (permission: NotificationPermission, answer: NotificationPermission = 'granted') => {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
};
afterEach(() => vi.unstubAllGlobals());

describe('NotificationToggle', () => {
  it('asks only when pressed, then says they are on', async () => {
    const ask = stubNotification('default', 'granted');
    render(<NotificationToggle />);
    expect(ask).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXT.turnOn }));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(NOTIFICATION_TEXT.on)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NOTIFICATION_TEXT.turnOn })).toBeNull();
  });

  it('refused: says where to change it, no button', async () => {
    stubNotification('default', 'denied');
    render(<NotificationToggle />);
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXT.turnOn }));
    expect(await screen.findByText(NOTIFICATION_TEXT.blocked)).toBeTruthy();
  });

  it('already granted or denied: no button; unsupported browser: nothing', () => {
    stubNotification('granted');
    const { unmount } = render(<NotificationToggle />);
    expect(screen.getByText(NOTIFICATION_TEXT.on)).toBeTruthy();
    unmount();
    stubNotification('denied');
    const second = render(<NotificationToggle />);
    expect(screen.getByText(NOTIFICATION_TEXT.blocked)).toBeTruthy();
    second.unmount();
    vi.stubGlobal('Notification', undefined);
    const { container } = render(<NotificationToggle />);
    expect(container.textContent).toBe('');
  });
});
