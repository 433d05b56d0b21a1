import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTag } from '@common/contracts/labels';
import { POST_CONTENT_MAX } from '@common/rules/forum';
import { LABEL_MSG } from '@common/rules/labels';
import { formatNumber } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { setDeviceMember } from '@/lib/storage';
import { renderWithProviders } from '@/test/render';
import { testPost } from '@/test/posts';
import { EMPTY_POST, PostEditor } from './post-editor';
import { NO_POLL, NOT_ANONYMOUS, postFormValues, postFormValuesOfRequest } from '../lib/post-form-values';

// Issue 32 in the post editor: up to three tags and postcode areas, and a local alert (kind, place, how
// long it shows, one area, at most 500 characters). The server's refusals land where the form shows them,
// and a draft keeps all of it.

const tag = (id: number, slug: string, name: string, kind: TTag['kind']): TTag => ({ id, slug, name, kind, description: '', postCount: 0 });
const TAGS = [tag(1, 'evri', 'Evri', 'network'), tag(2, 'dpd', 'DPD', 'network'), tag(3, 'parking', 'Parking and PCNs', 'topic'), tag(4, 'vans', 'Vans', 'topic')];
const categories = [{ id: 3, name: 'Road news', slug: 'road-news', description: '', postCount: 0, color: null, icon: null }];

beforeEach(() => {
  setDeviceMember(7);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/tags') return Response.json({ tags: TAGS });
      if (url.startsWith('/api/forum/categories')) return Response.json(categories);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

type Submit = (values: unknown) => Promise<unknown>;

function renderEditor(onSubmit: Submit = vi.fn(async (_values: unknown) => ({})), opts: { mode?: 'new' | 'edit'; initial?: typeof EMPTY_POST } = {}) {
  return renderWithProviders(
    <PostEditor draftKey="post:labels" initial={opts.initial ?? EMPTY_POST} mode={opts.mode} submitLabel="Publish" onSubmit={onSubmit} onSaved={() => undefined} />,
  );
}

async function fillPost(content = 'Lane 2 shut northbound after a lorry shed its load.') {
  await userEvent.type(screen.getByLabelText('Title'), 'M62 closed at junction 27');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Road news' })).toBeTruthy());
  await userEvent.selectOptions(screen.getByLabelText('Category'), '3');
  await userEvent.type(screen.getByLabelText('Your post'), content);
}

const areas = () => screen.getByRole('group', { name: 'Postcode areas' });
async function addArea(code: string) {
  await userEvent.selectOptions(within(areas()).getByLabelText('Postcode area'), code);
  await userEvent.click(within(areas()).getByRole('button', { name: 'Add area' }));
}

describe('PostEditor tags and areas', () => {
  it('offers the tags grouped, up to 3, and sends the chosen tags and areas', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit);
    await fillPost();
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(within(tags).getByText(/Choose up to 3/)).toBeTruthy();
    const networks = await within(tags).findByRole('group', { name: 'Networks' });
    expect(within(networks).getAllByRole('checkbox').map((c) => c.parentElement!.textContent)).toEqual(['Evri', 'DPD']);
    expect(within(within(tags).getByRole('group', { name: 'Topics' })).getAllByRole('checkbox')).toHaveLength(2);

    await userEvent.click(screen.getByRole('checkbox', { name: 'DPD' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Evri' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vans' }));
    // Three chosen: the fourth waits until one is unticked.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Parking and PCNs' }).disabled).toBe(true);
    expect(within(tags).getByText(/You have chosen 3/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vans' }));

    await addArea('LS');
    await addArea('BD');
    expect(within(within(areas()).getByRole('list', { name: 'Chosen postcode areas' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['LS', 'BD']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove BD' }));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ categoryId: 3, tags: ['dpd', 'evri'], areas: ['LS'] }));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('alert');
  });

  it("shows the server's field messages under the tags and areas", async () => {
    const refused = new ApiError(400, 'Bad Request', '', { message: LABEL_MSG.tagUnknown, errors: { tags: LABEL_MSG.tagUnknown, 'areas.0': LABEL_MSG.areaNotFound } });
    renderEditor(vi.fn(async () => Promise.reject(refused)));
    await fillPost();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Evri' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(screen.getByRole('group', { name: 'Tags' })).findByRole('alert')).toHaveProperty('textContent', LABEL_MSG.tagUnknown);
    expect(within(areas()).getByRole('alert').textContent).toBe(LABEL_MSG.areaNotFound);
    // Said under the fields, not again above the buttons.
    expect(screen.queryByText(LABEL_MSG.tagUnknown, { selector: 'form > p' })).toBeNull();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('M62 closed at junction 27');
  });
});

describe('PostEditor local alert', () => {
  it('asks for a kind and exactly one area, counts against 500, and sends kind, place and hours', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit);
    await fillPost();
    expect(screen.getByText(`51 / ${formatNumber(POST_CONTENT_MAX)}`)).toBeTruthy();
    expect(screen.queryByLabelText('Kind')).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: 'This is a local alert' }));
    const count = screen.getByText(/ \/ 500$/);
    expect(count.textContent).toBe('51 / 500');
    expect((screen.getByLabelText('Show it for') as HTMLSelectElement).value).toBe('24');
    expect(within(areas()).getByText(`${LABEL_MSG.alertArea}: where it is happening. Its followers are told at once.`)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(areas()).findByRole('alert')).toHaveProperty('textContent', LABEL_MSG.alertArea);
    expect(screen.getByText(LABEL_MSG.alertKind)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // One area only: the picker takes no second.
    await addArea('WF');
    expect(within(areas()).getByRole<HTMLButtonElement>('button', { name: 'Add area' }).disabled).toBe(true);
    await waitFor(() => expect(within(areas()).queryByRole('alert')).toBeNull());
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'road_closure');
    await userEvent.type(screen.getByLabelText(/Place/), 'M62 J27');
    await userEvent.selectOptions(screen.getByLabelText('Show it for'), '6');

    // Over 500 characters is refused before sending, and the count says so.
    await userEvent.click(screen.getByLabelText('Your post'));
    await userEvent.paste('x'.repeat(460));
    expect(screen.getByText(/ \/ 500$/).className).toContain('text-red-800');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(LABEL_MSG.alertContent)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    const box = screen.getByLabelText<HTMLTextAreaElement>('Your post');
    await userEvent.clear(box);
    await userEvent.type(box, 'Lane 2 shut northbound, queues back to J26.');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ areas: ['WF'], alert: { kind: 'road_closure', place: 'M62 J27', hours: 6 } }));
  });

  it.each([
    [403, LABEL_MSG.alertLevel],
    [429, 'You can send another alert at 14:05.'],
  ])('shows a %i refusal above the buttons and keeps everything', async (status, message) => {
    renderEditor(vi.fn(async () => Promise.reject(new ApiError(status, '', '', { message }))));
    await fillPost();
    await userEvent.click(screen.getByRole('switch', { name: 'This is a local alert' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'van_theft');
    await addArea('LS');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(message)).toHaveProperty('role', 'alert');
    expect(screen.getByRole('switch', { name: 'This is a local alert' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('van_theft');
  });

  it('keeps tags, areas and the alert in the draft', async () => {
    const first = renderEditor();
    await fillPost();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Evri' }));
    await addArea('LS');
    await userEvent.click(screen.getByRole('switch', { name: 'This is a local alert' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'depot_delay');
    await userEvent.type(screen.getByLabelText(/Place/), 'Normanton hub');
    first.unmount();

    renderEditor();
    expect(screen.getByText('Draft restored.')).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Evri' })).checked).toBe(true);
    expect(within(areas()).getByRole('button', { name: 'Remove LS' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'This is a local alert' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('depot_delay');
    expect((screen.getByLabelText(/Place/) as HTMLInputElement).value).toBe('Normanton hub');
  });
});

describe('PostEditor editing', () => {
  it("an alert's kind and place change; its area and hours do not, and there is no switch", async () => {
    const post = testPost(9, {
      content: 'Two vans broken into on the estate overnight.',
      tags: [{ slug: 'vans', name: 'Vans' }],
      areas: ['LS'],
      alert: { kind: 'van_theft', place: 'Seacroft', expiresAt: '2026-05-02T10:00:00.000Z' },
    });
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit, { mode: 'edit', initial: postFormValues(post) });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByLabelText('Show it for')).toBeNull();
    expect(screen.getByRole('group', { name: 'Local alert' })).toBeTruthy();
    expect(within(areas()).getByText('LS')).toBeTruthy();
    expect(within(areas()).queryByRole('button')).toBeNull();
    expect(within(areas()).queryByRole('combobox')).toBeNull();
    expect(await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Vans' })).toHaveProperty('checked', true);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'other');
    await userEvent.clear(screen.getByLabelText(/Place/));
    await userEvent.type(screen.getByLabelText(/Place/), 'Seacroft, Kentmere Avenue');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Evri' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ tags: ['vans', 'evri'], areas: ['LS'], alert: expect.objectContaining({ kind: 'other', place: 'Seacroft, Kentmere Avenue' }) }),
    );
  });

  it('a post that is no alert edits its tags and areas, with no alert fields', async () => {
    const post = testPost(10, { tags: [], areas: ['M', 'SK'] });
    const onSubmit = vi.fn(async (_values: unknown) => ({}));
    renderEditor(onSubmit, { mode: 'edit', initial: postFormValues(post) });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByLabelText('Kind')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove SK' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ areas: ['M'], tags: [] })));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('alert');
  });
});

describe('a refused offline post back in the editor', () => {
  it('keeps its tags, areas and alert', () => {
    const body = { clientId: 'x', title: 'T', categoryId: 3, content: 'C', tags: ['evri'], areas: ['LS'], alert: { kind: 'weather', place: '', hours: 12 } };
    expect(postFormValuesOfRequest(body)).toEqual({
      title: 'T',
      categoryId: '3',
      content: 'C',
      tags: 'evri',
      areas: 'LS',
      alert: 'on',
      alertKind: 'weather',
      alertPlace: '',
      alertHours: '12',
      ...NOT_ANONYMOUS,
      ...NO_POLL,
    });
    expect(postFormValuesOfRequest({ clientId: 'y', title: 'T', categoryId: 3, content: 'C' })).toEqual({ ...EMPTY_POST, title: 'T', categoryId: '3', content: 'C' });
  });
});
