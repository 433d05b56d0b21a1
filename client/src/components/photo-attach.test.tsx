import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { FakeXhr } from '@/test/fake-xhr';
import { PhotoAttach } from './photo-attach';
import { PhotoAttachSlot, usePhotoSlot } from './photo-attach-slot';

// The picker with the network replaced at XMLHttpRequest and object URLs faked (jsdom has neither
// uploads nor blob URLs). jsdom has no createImageBitmap either: photos go up as picked.

const photo = (name = 'van.jpg', type = 'image/jpeg') => new File([new Uint8Array(2048)], name, { type });
const stored = (n: number) => ({ id: `abcdefghij012345678${n}`, url: `/uploads/abcdefghij012345678${n}/full.webp`, width: 2048, height: 1536 });
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;

let urls = 0;
beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => `blob:thumb-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(props: Partial<Parameters<typeof PhotoAttach>[0]> = {}) {
  const onUploaded = vi.fn();
  const onRemoved = vi.fn();
  const onBusyChange = vi.fn();
  const view = render(<PhotoAttach multiple onUploaded={onUploaded} onRemoved={onRemoved} onBusyChange={onBusyChange} {...props} />);
  return { ...view, onUploaded, onRemoved, onBusyChange, input: fileInput(view.container) };
}

describe('PhotoAttach', () => {
  it('a Photo button opens the file input, which takes photos (the camera or gallery on a phone)', async () => {
    const { input } = setup();
    const button = screen.getByRole('button', { name: 'Photo' });
    const click = vi.spyOn(input, 'click');
    await userEvent.click(button);
    expect(click).toHaveBeenCalled();
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(input.multiple).toBe(true);
  });

  it('shows the thumbnail and the progress while uploading, then hands the stored photo over', async () => {
    const { input, onUploaded, onBusyChange } = setup();
    await userEvent.upload(input, photo());
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Photo van.jpg' }).src).toBe('blob:thumb-1');
    const bar = screen.getByRole('progressbar', { name: 'Uploading van.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true));

    act(() => FakeXhr.last!.progress(600, 1000));
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(FakeXhr.last!.file!.name).toBe('van.jpg');

    act(() => FakeXhr.last!.respond(201, stored(1)));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored(1)));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false));
  });

  it("a failed upload shows the server's message and Retry, which sends it again", async () => {
    const { input, onUploaded } = setup();
    await userEvent.upload(input, photo());
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    act(() => FakeXhr.last!.fail());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', UPLOAD_MSG.networkFailed);

    await userEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    expect(FakeXhr.all).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => FakeXhr.last!.respond(201, stored(2)));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored(2)));
  });

  it('a refusal that no retry would mend (not a photo) offers only Remove', async () => {
    const { input } = setup();
    await userEvent.upload(input, photo('notes.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    act(() => FakeXhr.last!.respond(415, { message: UPLOAD_MSG.unsupportedType }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', UPLOAD_MSG.unsupportedType);
    expect(screen.queryByRole('button', { name: 'Retry upload' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('Remove takes a stored photo away (reported) and stops one still uploading (not reported)', async () => {
    const { input, onRemoved } = setup();
    await userEvent.upload(input, [photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    const [first, second] = FakeXhr.all;
    act(() => first!.respond(201, stored(1)));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(1));

    const removes = screen.getAllByRole('button', { name: 'Remove photo' });
    await userEvent.click(removes[1]!);
    expect(second!.settled).toBe(true); // aborted
    expect(onRemoved).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onRemoved).toHaveBeenCalledWith(stored(1));
    expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2);
  });

  it('sends two at a time: the third waits for a place', async () => {
    const { input } = setup();
    await userEvent.upload(input, [photo('1.jpg'), photo('2.jpg'), photo('3.jpg')]);
    await waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeXhr.all).toHaveLength(2);
    act(() => FakeXhr.all[0]!.respond(201, stored(1)));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    expect(FakeXhr.last!.file!.name).toBe('3.jpg');
  });

  it('one photo per message: a new pick replaces the one there', async () => {
    const { input, onRemoved } = setup({ multiple: false });
    expect(input.multiple).toBe(false);
    await userEvent.upload(input, photo('a.jpg'));
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    act(() => FakeXhr.last!.respond(201, stored(1)));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await userEvent.upload(input, photo('b.jpg'));
    expect(onRemoved).toHaveBeenCalledWith(stored(1));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Photo b.jpg' })).toBeTruthy();
  });
});

describe('PhotoAttachSlot', () => {
  function Host({ onUploaded }: { onUploaded: (u: unknown) => void }) {
    const slot = usePhotoSlot();
    return (
      <div>
        <textarea aria-label="Text" {...slot.targetProps} />
        <PhotoAttachSlot slot={slot} multiple onUploaded={onUploaded} />
      </div>
    );
  }

  it('a pasted image loads the picker and uploads; pasted text is left alone', async () => {
    const onUploaded = vi.fn();
    render(<Host onUploaded={onUploaded} />);
    const box = screen.getByRole('textbox', { name: 'Text' });

    const text = fireEvent.paste(box, { clipboardData: { files: [], types: ['text/plain'], getData: () => 'hi' } });
    expect(text).toBe(true); // not prevented: the browser pastes the text

    const pasted = fireEvent.paste(box, { clipboardData: { files: [photo('screenshot.png', 'image/png')], types: ['Files'] } });
    expect(pasted).toBe(false); // prevented: the picker has it
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    expect(FakeXhr.last!.file!.name).toBe('screenshot.png');
    act(() => FakeXhr.last!.respond(201, stored(3)));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored(3)));
  });

  it('a dropped file goes up too; a dropped file that is no image is refused without sending', async () => {
    render(<Host onUploaded={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.drop(box, { dataTransfer: { files: [photo('drop.jpg'), new File(['<html>'], 'page.html', { type: 'text/html' })], types: ['Files'] } });
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    expect(FakeXhr.last!.file!.name).toBe('drop.jpg');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', UPLOAD_MSG.unsupportedType);
  });
});
