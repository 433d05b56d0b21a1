import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PushDeviceControl } from './push-device-control';

const push = vi.hoisted(() => ({ currentPushState: vi.fn(), enablePush: vi.fn(), disablePush: vi.fn() }));
vi.mock('@/lib/push-subscription', () => push);

afterEach(() => vi.clearAllMocks());

const theSwitch = () => screen.getByRole('switch', { name: 'Push notifications on this device' });
const checked = () => theSwitch().getAttribute('aria-checked') === 'true';
const enabled = () => !theSwitch().hasAttribute('disabled');
const hint = () => document.getElementById(theSwitch().getAttribute('aria-describedby')!)?.textContent ?? '';

describe('PushDeviceControl', () => {
  it('shows this device being on, and turns it off', async () => {
    push.currentPushState.mockResolvedValue('subscribed');
    push.disablePush.mockResolvedValue('unsubscribed');
    render(<PushDeviceControl />);
    await waitFor(() => expect(checked()).toBe(true));
    expect(hint()).toMatch(/shows a notification when someone replies or messages you/);
    await userEvent.click(theSwitch());
    await waitFor(() => expect(checked()).toBe(false));
    expect(push.disablePush).toHaveBeenCalledTimes(1);
  });

  it('off until asked: turning it on asks the browser and subscribes', async () => {
    push.currentPushState.mockResolvedValue('default');
    push.enablePush.mockResolvedValue('subscribed');
    render(<PushDeviceControl />);
    await waitFor(() => expect(enabled()).toBe(true));
    expect(checked()).toBe(false);
    await userEvent.click(theSwitch());
    await waitFor(() => expect(checked()).toBe(true));
    expect(push.enablePush).toHaveBeenCalledTimes(1);
  });

  it('blocked by the browser: off, disabled, with how to unblock', async () => {
    push.currentPushState.mockResolvedValue('denied');
    render(<PushDeviceControl />);
    await waitFor(() => expect(hint()).toMatch(/Blocked by your browser\. To unblock, open the site settings/));
    expect(enabled()).toBe(false);
    expect(checked()).toBe(false);
  });

  it('unsupported: says so, with the home-screen hint for iPhones', async () => {
    push.currentPushState.mockResolvedValue('unsupported');
    render(<PushDeviceControl />);
    await waitFor(() => expect(hint()).toMatch(/This browser cannot show push notifications\. On an iPhone or iPad, add Kerbside to your home screen/));
    expect(enabled()).toBe(false);
  });

  it('a failure is shown and the switch shows the real state again', async () => {
    push.currentPushState.mockResolvedValueOnce('unsubscribed').mockResolvedValueOnce('unsubscribed');
    push.enablePush.mockRejectedValue(new Error('boom'));
    render(<PushDeviceControl />);
    await waitFor(() => expect(enabled()).toBe(true));
    await userEvent.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Could not turn on push notifications. Please try again.');
    expect(checked()).toBe(false);
  });
});
