import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { FakeXhr, installFakeXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { EMPTY_POST, PostEditor } from './post-editor';

// Photos in a post: the Photo button under the text, the markdown line it adds, and the preview
// that shows the uploaded photo (and only such photos).

const photo = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' });
// As with S3_PUBLIC_URL: the photo's URL is the bucket's own address.
const stored = { id: 'abcdefghij0123456789', url: 'https://photos.example/uploads/abcdefghij0123456789/full.webp', width: 2048, height: 1536 };
const content = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your post' });

beforeEach(() => {
  installFakeXhr();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PostEditor photos', () => {
  it('adds the uploaded photo as a markdown line, waits for it to publish, and previews it', async () => {
    const onSubmit = vi.fn(async () => ({}));
    const { container } = renderWithProviders(
      <PostEditor draftKey="post:new" initial={EMPTY_POST} submitLabel="Publish" onSubmit={onSubmit} onSaved={() => undefined} />,
    );
    await userEvent.type(content(), 'My racking set-up, with a bad idea below');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, photo('racking.jpg'));
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true));
    expect(screen.getByText(UPLOAD_MSG.waitForUploads)).toBeTruthy();

    act(() => FakeXhr.last!.respond(201, stored));
    await waitFor(() => expect(content().value).toBe(`My racking set-up, with a bad idea below\n![Photo](${stored.url})\n`));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(false));

    // Another site's image stays a link in the preview; ours shows.
    await userEvent.type(content(), '![[pixel](https://tracker.example/p.gif)'); // [[ types a [
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel');
    const images = [...panel.querySelectorAll('img')];
    expect(images.map((i) => i.getAttribute('src'))).toEqual([stored.url]);
    expect(images[0]!.alt).toBe('Photo');
    expect(panel.textContent).toContain('pixel (https://tracker.example/p.gif)');

    await userEvent.click(screen.getByRole('tab', { name: 'Write' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(content().value).toBe('My racking set-up, with a bad idea below\n![pixel](https://tracker.example/p.gif)');
  });
});
