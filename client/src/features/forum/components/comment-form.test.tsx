import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { FakeXhr, installFakeXhr } from '@/test/fake-xhr';
import { CommentForm } from './comment-form';

// Writes are never paused here (maintenance's read-only state: read-only-controls.test.tsx).
vi.mock('@/lib/read-only', () => ({ useReadOnly: () => null }));

// Photos in a comment: the upload is answered by a fake XMLHttpRequest; the picker loads lazily.

const photo = (name = 'ticket.jpg') => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' });
const stored = (n: number) => ({ id: `abcdefghij012345678${n}`, url: `/uploads/abcdefghij012345678${n}/full.webp`, width: 1200, height: 900 });
const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Post Comment' });

beforeEach(() => {
  installFakeXhr();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const onSubmit = vi.fn(async () => undefined);
  const view = render(<CommentForm draftKey="comment:1" label="Add a comment" submitLabel="Post Comment" onSubmit={onSubmit} />);
  return { ...view, onSubmit, input: () => view.container.querySelector<HTMLInputElement>('input[type="file"]')! };
}

describe('CommentForm photos', () => {
  it('inserts the photo line once uploaded, holds the send until then, and Remove takes the line out', async () => {
    const { input, onSubmit } = setup();
    await userEvent.type(box(), 'Parking ticket at the depot');
    await userEvent.upload(input(), photo());
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));

    // Still uploading: no sending, and the reason shown.
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(screen.getByText(UPLOAD_MSG.waitForUploads)).toBeTruthy();
    fireEvent.submit(box().form!);
    expect(onSubmit).not.toHaveBeenCalled();

    act(() => FakeXhr.last!.respond(201, stored(1)));
    await waitFor(() => expect(box().value).toBe(`Parking ticket at the depot\n![Photo](${stored(1).url})\n`));
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByText(UPLOAD_MSG.waitForUploads)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(box().value).toBe('Parking ticket at the depot');
  });

  it('a pasted image is uploaded and lands at the caret', async () => {
    const { onSubmit } = setup();
    await userEvent.type(box(), 'Before. After.');
    box().setSelectionRange(7, 7);
    fireEvent.paste(box(), { clipboardData: { files: [photo('screenshot.png')], types: ['Files'] } });
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    act(() => FakeXhr.last!.respond(201, stored(2)));
    await waitFor(() => expect(box().value).toBe(`Before.\n![Photo](${stored(2).url})\n After.`));

    await userEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(`Before.\n![Photo](${stored(2).url})\n After.`);
    // Sent: the box and the picker are empty again.
    await waitFor(() => expect(box().value).toBe(''));
    expect(screen.queryByRole('img')).toBeNull();
  });
});
