import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { FakeXhr, installFakeXhr } from '@/test/fake-xhr';
import { setDeviceMember } from '@/lib/storage';
import { Composer } from './composer';

// Writes are never paused here (maintenance's read-only state: read-only-controls.test.tsx).
vi.mock('@/lib/read-only', () => ({ useReadOnly: () => null }));

// Spec §5 Chat message: trimmed, non-empty, at most 1000; send disabled while sending; a temp_
// conversation cannot send yet.

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

describe('Composer', () => {
  it('sends the typed text, clears the box after success, and is disabled while blank', async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    render(<Composer conversationId={7} sending={false} onSend={onSend} />);
    expect(sendButton().disabled).toBe(true);
    await userEvent.type(box(), '   ');
    expect(sendButton().disabled).toBe(true);
    await userEvent.clear(box());
    await userEvent.type(box(), '  Running late at Hinckley  ');
    expect(sendButton().disabled).toBe(false);
    await userEvent.click(sendButton());
    // The hook trims (useConversation → validateMessage); the composer hands over what was typed.
    expect(onSend).toHaveBeenCalledWith('  Running late at Hinckley  ');
    expect(box().value).toBe('');
  });

  it('Enter sends, Shift+Enter makes a new line', async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    render(<Composer conversationId={7} sending={false} onSend={onSend} />);
    await userEvent.type(box(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('line one\nline two');
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('1000 characters (after trimming) can be sent; 1001 cannot, with the count shown in red', () => {
    render(<Composer conversationId={7} sending={false} onSend={async () => ({ ok: true })} />);
    fireEvent.input(box(), { target: { value: `  ${'a'.repeat(1000)}  ` } });
    expect(sendButton().disabled).toBe(false);
    expect(screen.getByText('1000/1000')).toBeTruthy();
    fireEvent.input(box(), { target: { value: 'a'.repeat(1001) } });
    expect(sendButton().disabled).toBe(true);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('1001/1000').className).toContain('text-red-700');
  });

  it('Enter on a blank or too long text sends nothing', async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    render(<Composer conversationId={7} sending={false} onSend={onSend} />);
    await userEvent.type(box(), '   {Enter}');
    fireEvent.input(box(), { target: { value: 'a'.repeat(1001) } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('send is disabled while sending, and Enter does not send twice', async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    const { rerender } = render(<Composer conversationId={7} sending={true} onSend={onSend} />);
    await userEvent.type(box(), 'hello{Enter}');
    expect(sendButton().disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    rerender(<Composer conversationId={7} sending={false} onSend={onSend} />);
    expect(sendButton().disabled).toBe(false);
  });

  it('a failed send keeps the text and shows the error', async () => {
    const onSend = vi.fn(async () => ({ ok: false, error: 'You are sending messages too quickly. Please wait a moment.' }));
    render(<Composer conversationId={7} sending={false} onSend={onSend} />);
    await userEvent.type(box(), 'hello');
    await userEvent.click(sendButton());
    expect(screen.getByText('You are sending messages too quickly. Please wait a moment.')).toBeTruthy();
    expect(box().value).toBe('hello');
  });

  it("a temp_ conversation cannot send: 'Conversation is still being created. Please wait.'", async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    render(<Composer conversationId="temp_123" sending={false} onSend={onSend} />);
    expect(screen.getByText('Conversation is still being created. Please wait.')).toBeTruthy();
    await userEvent.type(box(), 'hello{Enter}');
    expect(sendButton().disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('hello');
  });

  it('keeps the draft of each conversation across a remount', async () => {
    setDeviceMember(5); // drafts are the signed-in member's (lib/storage.ts memberStorage)
    const { unmount } = render(<Composer conversationId={8} sending={false} onSend={async () => ({ ok: true })} />);
    await userEvent.type(box(), 'half a thought');
    unmount();
    render(<Composer conversationId={8} sending={false} onSend={async () => ({ ok: true })} />);
    expect(box().value).toBe('half a thought');
  });

  describe('a photo', () => {
    const stored = { id: 'abcdefghij0123456789', url: '/uploads/abcdefghij0123456789/full.webp', width: 1536, height: 2048 };
    const photo = (name = 'queue.jpg') => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' });
    const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('uploads first (Send waits), then goes with the message, which may have no text', async () => {
      installFakeXhr();
      const onSend = vi.fn(async () => ({ ok: true }));
      const { container } = render(<Composer conversationId={7} sending={false} onSend={onSend} />);
      expect(screen.getByRole('button', { name: 'Photo' })).toBeTruthy();
      await userEvent.upload(fileInput(container), photo());
      await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
      expect(await screen.findByText(UPLOAD_MSG.waitForUploads)).toBeTruthy();
      await userEvent.type(box(), 'Depot queue now{Enter}');
      expect(sendButton().disabled).toBe(true);
      expect(onSend).not.toHaveBeenCalled();

      act(() => FakeXhr.last!.respond(201, stored));
      await waitFor(() => expect(sendButton().disabled).toBe(false));
      await userEvent.clear(box());
      await userEvent.click(sendButton());
      expect(onSend).toHaveBeenCalledWith('', stored);
      // Sent: the photo leaves the composer.
      await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
      expect(sendButton().disabled).toBe(true);
    });

    it('a pasted image is the photo of the message, sent with the text', async () => {
      installFakeXhr();
      const onSend = vi.fn(async () => ({ ok: true }));
      render(<Composer conversationId={7} sending={false} onSend={onSend} />);
      await userEvent.type(box(), 'Look at this');
      fireEvent.paste(box(), { clipboardData: { files: [photo('screenshot.png')], types: ['Files'] } });
      await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
      act(() => FakeXhr.last!.respond(201, stored));
      await waitFor(() => expect(sendButton().disabled).toBe(false));
      await userEvent.type(box(), '{Enter}');
      expect(onSend).toHaveBeenCalledWith('Look at this', stored);
      await waitFor(() => expect(box().value).toBe(''));
    });

    it('a failed upload offers Retry and Remove; removed, nothing is left to send', async () => {
      installFakeXhr();
      const onSend = vi.fn(async () => ({ ok: true }));
      const { container } = render(<Composer conversationId={7} sending={false} onSend={onSend} />);
      await userEvent.upload(fileInput(container), photo());
      await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
      act(() => FakeXhr.last!.respond(429, { message: 'Too many requests. Please wait a moment and try again.' }));
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Too many requests. Please wait a moment and try again.');
      expect(screen.getByRole('button', { name: 'Retry upload' })).toBeTruthy();
      expect(sendButton().disabled).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
      expect(screen.queryByRole('img')).toBeNull();
      expect(sendButton().disabled).toBe(true);
      expect(onSend).not.toHaveBeenCalled();
    });
  });
});
