import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POLL_MSG, POLL_OPTIONS_MAX, POLL_RESULTS_LABELS } from '@common/rules/polls';
import { ApiError } from '@/lib/api-client';
import { setDeviceMember } from '@/lib/storage';
import { renderWithProviders } from '@/test/render';
import { postWrite } from '../api/create-post';
import { EMPTY_POST, PostEditor } from './post-editor';
import { NO_POLL, postFormValuesOfRequest } from '../lib/post-form-values';

// Issue 33 in the post editor: "Add a poll" opens its section; 2 to 10 options, one choice or several,
// when the results show, an optional closing time sent with the device's offset. Nothing of it is sent
// unless the section is open; the server's messages land in it; the draft and the offline queue keep it.

const categories = [{ id: 3, name: 'Vans & Vehicles', slug: 'vans', description: '', postCount: 0, color: null, icon: null }];

beforeEach(() => {
  setDeviceMember(7);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/tags') return Response.json({ tags: [] });
      if (url.startsWith('/api/forum/categories')) return Response.json(categories);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

type Submit = (values: unknown) => Promise<unknown>;

function renderEditor(onSubmit: Submit = vi.fn(async (_values: unknown) => ({})), mode?: 'new' | 'edit') {
  return renderWithProviders(<PostEditor draftKey="post:poll" initial={EMPTY_POST} mode={mode} submitLabel="Publish" onSubmit={onSubmit} onSaved={() => undefined} />);
}

async function fillPost() {
  await userEvent.type(screen.getByLabelText('Title'), 'Which van for multi-drop?');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Vans & Vehicles' })).toBeTruthy());
  await userEvent.selectOptions(screen.getByLabelText('Category'), '3');
  await userEvent.type(screen.getByLabelText('Your post'), 'Thinking of changing vans this year.');
}

const poll = () => screen.getByRole('group', { name: 'Poll' });
const option = (n: number) => within(poll()).getByRole<HTMLInputElement>('textbox', { name: `Option ${n}` });
const optionValues = () => within(poll()).getAllByRole<HTMLInputElement>('textbox').map((i) => i.value);
const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a datetime-local field holds it, on this machine's clock. */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const setClosing = (value: string) => fireEvent.input(within(poll()).getByLabelText(/^Closes/), { target: { value } });

describe('PostEditor poll', () => {
  it('sends the poll: options trimmed, several choices, when results show, the closing time with the offset', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit);
    await fillPost();
    expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    await waitFor(() => expect(document.activeElement).toBe(option(1)));
    expect(optionValues()).toEqual(['', '']);
    // Results show after voting unless the author says otherwise; the select offers the contract's words.
    const results = within(poll()).getByLabelText<HTMLSelectElement>('Show results');
    expect(results.value).toBe('after_vote');
    expect([...results.options].map((o) => o.textContent)).toEqual(Object.values(POLL_RESULTS_LABELS));

    await userEvent.type(option(1), '  Transit  ');
    await userEvent.type(option(2), 'Sprinter');
    await userEvent.click(within(poll()).getByRole('button', { name: 'Add an option' }));
    await waitFor(() => expect(document.activeElement).toBe(option(3)));
    await userEvent.type(option(3), 'Vivaro ');
    await userEvent.click(within(poll()).getByRole('checkbox', { name: 'Let voters choose more than one option' }));
    await userEvent.selectOptions(results, 'always');
    const closing = new Date(Date.now() + 3 * 86_400_000);
    closing.setSeconds(0, 0);
    setClosing(localInput(closing));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = (onSubmit.mock.calls[0]![0] as { poll: Record<string, unknown> }).poll;
    expect(sent).toEqual({ options: ['Transit', 'Sprinter', 'Vivaro'], multiple: true, results: 'always', closesAt: expect.any(String) });
    // The time as chosen on this device's clock, its offset written out.
    expect(sent.closesAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
    expect(Date.parse(sent.closesAt as string)).toBe(closing.getTime());
  });

  it('sends no poll unless its section is open; "Remove poll" takes it away and goes back to its button', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit);
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    await userEvent.type(option(1), 'Yes');
    await userEvent.click(within(poll()).getByRole('button', { name: 'Remove poll' }));
    expect(screen.queryByRole('group', { name: 'Poll' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a poll' })));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('poll');
    // Open again: a fresh poll, not the one removed.
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    expect(optionValues()).toEqual(['', '']);
  });

  it('adds options up to 10 and removes any while there are more than 2', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    expect(within(poll()).queryByRole('button', { name: /^Remove option/ })).toBeNull();
    const add = within(poll()).getByRole<HTMLButtonElement>('button', { name: 'Add an option' });
    for (let n = 3; n <= POLL_OPTIONS_MAX; n++) {
      await userEvent.click(add);
      await userEvent.type(option(n), `Choice ${n}`);
    }
    expect(optionValues()).toHaveLength(POLL_OPTIONS_MAX);
    expect(add.disabled).toBe(true);
    expect(within(poll()).getByText(`${POLL_OPTIONS_MAX} options, the most a poll can have.`)).toBeTruthy();
    expect(within(poll()).getAllByRole('button', { name: /^Remove option/ })).toHaveLength(POLL_OPTIONS_MAX);

    await userEvent.click(within(poll()).getByRole('button', { name: 'Remove option 3' }));
    expect(optionValues()).toEqual(['', '', 'Choice 4', 'Choice 5', 'Choice 6', 'Choice 7', 'Choice 8', 'Choice 9', 'Choice 10']);
    // The focus goes to the option that took its place.
    await waitFor(() => expect(document.activeElement).toBe(option(3)));
    expect(add.disabled).toBe(false);
    for (let n = 9; n > 2; n--) await userEvent.click(within(poll()).getByRole('button', { name: `Remove option ${n}` }));
    expect(optionValues()).toEqual(['', '']);
    expect(within(poll()).queryByRole('button', { name: /^Remove option/ })).toBeNull();
  });

  it("checks the options and the closing time before sending, and marks what is wrong", async () => {
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit);
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    await userEvent.type(option(1), 'Yes');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(poll()).findByText(POLL_MSG.optionEmpty)).toHaveProperty('role', 'alert');
    expect(option(2).getAttribute('aria-invalid')).toBe('true');
    expect(option(1).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(option(2)));

    await userEvent.type(option(2), ' yes');
    await waitFor(() => expect(within(poll()).getByText(POLL_MSG.optionsRepeated)).toBeTruthy());
    await userEvent.clear(option(2));
    await userEvent.type(option(2), 'No');
    await waitFor(() => expect(within(poll()).queryByRole('alert')).toBeNull());

    // Under an hour from now: refused here, as the server would.
    setClosing(localInput(new Date(Date.now() + 30 * 60_000)));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(poll()).findByText(POLL_MSG.closesAt)).toBeTruthy();
    expect(within(poll()).getByLabelText(/^Closes/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    setClosing('');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ poll: { options: ['Yes', 'No'], multiple: false, results: 'after_vote' } }));
  });

  it("shows the server's poll messages in the poll, not again above the buttons", async () => {
    const refused = new ApiError(400, 'Bad Request', '', {
      message: POLL_MSG.closesAt,
      errors: { 'poll.options.1': POLL_MSG.optionMax, 'poll.closesAt': POLL_MSG.closesAt, poll: 'poll must be an object' },
    });
    renderEditor(vi.fn(async () => Promise.reject(refused)));
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    await userEvent.type(option(1), 'Yes');
    await userEvent.type(option(2), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const alerts = await within(poll()).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['poll must be an object', POLL_MSG.optionMax, POLL_MSG.closesAt]);
    expect(screen.queryByText(POLL_MSG.closesAt, { selector: 'form > p' })).toBeNull();
    expect(optionValues()).toEqual(['Yes', 'No']);
  });

  it('is not offered when editing a post', () => {
    renderEditor(undefined, 'edit');
    expect(screen.queryByRole('button', { name: 'Add a poll' })).toBeNull();
  });

  it('keeps the poll in the draft', async () => {
    const first = renderEditor();
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'Add a poll' }));
    await userEvent.type(option(1), 'Yes, then');
    await userEvent.type(option(2), 'No');
    await userEvent.click(within(poll()).getByRole('checkbox', { name: 'Let voters choose more than one option' }));
    await userEvent.selectOptions(within(poll()).getByLabelText('Show results'), 'after_close');
    setClosing('2031-05-02T18:30');
    first.unmount();

    renderEditor();
    expect(screen.getByText('Draft restored.')).toBeTruthy();
    expect(optionValues()).toEqual(['Yes, then', 'No']);
    expect(within(poll()).getByRole<HTMLInputElement>('checkbox', { name: 'Let voters choose more than one option' }).checked).toBe(true);
    expect(within(poll()).getByLabelText<HTMLSelectElement>('Show results').value).toBe('after_close');
    expect(within(poll()).getByLabelText<HTMLInputElement>(/^Closes/).value).toBe('2031-05-02T18:30');
  });
});

describe('a post with a poll on the device', () => {
  const input = {
    title: 'Which van?',
    content: 'Changing vans this year.',
    categoryId: 3,
    tags: [],
    areas: [],
    poll: { options: ['Transit', 'Sprinter'], multiple: true, results: 'after_close' as const, closesAt: '2031-05-02T18:30:00+01:00' },
  };

  it('is queued with its poll as sent', () => {
    expect(postWrite(7, input).body).toMatchObject({ ...input, clientId: expect.any(String) });
  });

  it('comes back to the editor with its poll when refused, the closing time on the device clock', () => {
    const back = postFormValuesOfRequest({ ...input, clientId: 'x' });
    expect(back).toMatchObject({ poll: 'on', pollOptions: 'Transit\nSprinter', pollMultiple: 'on', pollResults: 'after_close' });
    expect(new Date(back.pollClosesAt).getTime()).toBe(Date.parse(input.poll.closesAt));
    expect(postFormValuesOfRequest({ clientId: 'y', title: 'T', categoryId: 3, content: 'C' })).toMatchObject(NO_POLL);
  });
});
