import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { PUSH_PROMPT_TEXT, PushPrompt } from './push-prompt';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));
const push = vi.hoisted(() => ({ enablePush: vi.fn(), rememberPushDeclined: vi.fn() }));
vi.mock('@/lib/push-subscription', () => push);

afterEach(() => vi.clearAllMocks());

describe('PushPrompt', () => {
  it('says why in one sentence, takes no focus and is not modal', () => {
    render(<PushPrompt onClose={() => {}} />);
    const prompt = screen.getByRole('complementary', { name: PUSH_PROMPT_TEXT.title });
    expect(document.getElementById(prompt.getAttribute('aria-describedby')!)?.textContent).toBe(PUSH_PROMPT_TEXT.why);
    expect(PUSH_PROMPT_TEXT.why).toBe('Get a notification on this phone when someone replies or messages you, even with Kerbside closed.');
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Not now" is remembered and closes it', async () => {
    const onClose = vi.fn();
    render(<PushPrompt onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(push.rememberPushDeclined).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(push.enablePush).not.toHaveBeenCalled();
  });

  it('"Turn on" subscribes this device and says so', async () => {
    push.enablePush.mockResolvedValue('subscribed');
    const onClose = vi.fn();
    render(<PushPrompt onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith({ title: PUSH_PROMPT_TEXT.on, variant: 'success' });
    expect(push.rememberPushDeclined).not.toHaveBeenCalled();
  });

  it("the browser's question dismissed or refused: not offered again", async () => {
    push.enablePush.mockResolvedValue('default');
    const onClose = vi.fn();
    render(<PushPrompt onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(push.rememberPushDeclined).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("the server's refusal is shown and the prompt stays", async () => {
    push.enablePush.mockRejectedValue(new ApiError(400, 'Bad Request', '', { message: 'Push endpoint is not a known push service' }));
    const onClose = vi.fn();
    render(<PushPrompt onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Push endpoint is not a known push service');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on' }).hasAttribute('disabled')).toBe(false);
  });
});
