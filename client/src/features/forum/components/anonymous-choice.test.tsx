import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnonymousVoice } from '@common/contracts/anonymous';
import { ANONYMOUS_MSG } from '@common/rules/anonymous';
import { setDeviceMember } from '@/lib/storage';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { commentWrite } from '../api/comments';
import { postWrite } from '../api/create-post';
import { EMPTY_POST, postFormValuesOfRequest } from '../lib/post-form-values';
import { CommentComposer } from './comment-composer';
import { PostEditor } from './post-editor';

// Issue 32, a protected voice (ADR 0022): "Post anonymously" in the editor and "Reply anonymously" in the
// comment box, offered only where the category allows it and the member may (trust level 2); the parts
// of the label they choose, the label as readers will see it, and what is sent.

const me = testUser();
const category = (id: number, name: string, allowAnonymous: boolean) => ({ id, name, slug: name.toLowerCase().replace(/ /g, '-'), description: '', color: '#2563eb', postCount: 0, isQa: false, allowAnonymous });
const CATEGORIES = [category(3, 'Road news', false), category(4, 'Speak freely', true)];
const OPEN: TAnonymousVoice = { allowed: true, message: null, network: 'evri', area: 'LS' };

function api(voice: TAnonymousVoice, extra: (c: ApiCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((c) => {
    const other = extra(c);
    if (other) return other;
    if (c.path === '/api/auth/user') return { body: me };
    if (c.path === '/api/forum/categories') return { body: CATEGORIES };
    if (c.path === '/api/forum/anonymous-voice') return { body: voice };
    if (c.path === '/api/tags') return { body: { tags: [] } };
    return { body: [] };
  });
}
const voiceAsked = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/forum/anonymous-voice').length;

beforeEach(() => setDeviceMember(me.id));
afterEach(() => vi.unstubAllGlobals());

function renderEditor(onSubmit = vi.fn(async (_values: unknown) => ({}))) {
  renderWithProviders(<PostEditor draftKey="post:anonymous" initial={EMPTY_POST} submitLabel="Publish" onSubmit={onSubmit} onSaved={() => undefined} />);
  return onSubmit;
}

async function fillPost(categoryId: string) {
  await userEvent.type(screen.getByLabelText('Title'), 'Depot manager docks our pay');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Speak freely' })).toBeTruthy());
  await userEvent.selectOptions(screen.getByLabelText('Category'), categoryId);
  await userEvent.type(screen.getByLabelText('Your post'), 'Every week, for parcels the scanner lost.');
}

const preview = () => screen.getByTestId('anonymous-preview').textContent;

describe('PostEditor: Post anonymously', () => {
  it('is offered only in a category that allows it, asks the voice once, previews the label and sends the parts chosen', async () => {
    const calls = api(OPEN);
    const onSubmit = renderEditor();
    await fillPost('3');
    expect(screen.queryByRole('checkbox', { name: 'Post anonymously' })).toBeNull();
    expect(voiceAsked(calls)).toBe(0);

    await userEvent.selectOptions(screen.getByLabelText('Category'), '4');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Post anonymously' }));
    expect(preview()).toBe('Readers will see: A Kerbside member');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my verified network (Evri)' }));
    expect(preview()).toBe('Readers will see: A verified Evri courier');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my area (LS)' }));
    expect(preview()).toBe('Readers will see: A verified Evri courier in LS');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ categoryId: 4, anonymous: { network: true, area: true } }));
    expect(voiceAsked(calls)).toBe(1);
  });

  it('sends nothing of it unless ticked; a category that does not allow it hides and clears the choice', async () => {
    api(OPEN);
    const onSubmit = renderEditor();
    await fillPost('4');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Post anonymously' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my area (LS)' }));

    await userEvent.selectOptions(screen.getByLabelText('Category'), '3');
    expect(screen.queryByRole('checkbox', { name: 'Post anonymously' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Category'), '4');
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Post anonymously' })).checked).toBe(false);
    expect(screen.queryByTestId('anonymous-preview')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('anonymous');
  });

  it('offers only the parts the member has: no network without a verified badge', async () => {
    api({ ...OPEN, network: null });
    const onSubmit = renderEditor();
    await fillPost('4');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Post anonymously' }));
    expect(screen.queryByRole('checkbox', { name: /Show my verified network/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my area (LS)' }));
    expect(preview()).toBe('Readers will see: A Kerbside member in LS');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ anonymous: { network: false, area: true } })));
  });

  it("says why not to a member who may not yet, instead of the choice", async () => {
    api({ allowed: false, message: ANONYMOUS_MSG.trustTooLow, network: null, area: null });
    const onSubmit = renderEditor();
    await fillPost('4');
    expect((await screen.findByTestId('anonymous-closed')).textContent).toBe(ANONYMOUS_MSG.trustTooLow);
    expect(screen.queryByRole('checkbox', { name: 'Post anonymously' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('anonymous');
  });

  it('is not offered when editing a post', async () => {
    const calls = api(OPEN);
    renderWithProviders(
      <PostEditor draftKey="edit-post:1" initial={{ ...EMPTY_POST, title: 'A title here', categoryId: '4', content: 'Some words here' }} mode="edit" submitLabel="Save" onSubmit={vi.fn()} onSaved={() => undefined} />,
    );
    await waitFor(() => expect(screen.getByRole('option', { name: 'Speak freely' })).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: 'Post anonymously' })).toBeNull();
    expect(voiceAsked(calls)).toBe(0);
  });
});

describe('CommentComposer: Reply anonymously', () => {
  const posted = { id: 90, postId: 5, parentId: null, content: 'x', contentHtml: '<p>x</p>', createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author: null, anonymousAs: 'A Kerbside member in LS', canEdit: true, reactions: {} };

  it('sends the choice with the reply, then starts the next one unmade', async () => {
    const calls = api(OPEN, (c) => (c.method === 'POST' ? { status: 201, body: posted } : undefined));
    const onPosted = vi.fn();
    renderWithProviders(<CommentComposer postId={5} categoryId={4} user={me} isLocked={false} onPosted={onPosted} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Reply anonymously' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my area (LS)' }));
    expect(preview()).toBe('Readers will see: A Kerbside member in LS');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Same at our depot.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/forum/posts/5/comments',
      body: { content: 'Same at our depot.', parentId: null, anonymous: { network: false, area: true } },
    });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Reply anonymously' }).checked).toBe(false);
  });

  it('is not offered where the post’s category does not allow it, and sends nothing of it', async () => {
    const calls = api(OPEN, (c) => (c.method === 'POST' ? { status: 201, body: { ...posted, anonymousAs: undefined } } : undefined));
    renderWithProviders(<CommentComposer postId={5} categoryId={3} user={me} isLocked={false} onPosted={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Named reply.');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/forum/categories')).toBe(true));
    expect(screen.queryByRole('checkbox', { name: 'Reply anonymously' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('anonymous');
    expect(voiceAsked(calls)).toBe(0);
  });
});

describe('a write kept on the device (offline)', () => {
  it('carries the choice unchanged, and a refused post comes back to the editor still anonymous', () => {
    const anonymous = { network: true, area: false };
    expect(commentWrite(5, 7, { content: 'Kept', parentId: null, anonymous }).body.anonymous).toEqual(anonymous);
    const post = postWrite(7, { title: 'Kept post', categoryId: 4, content: 'Kept for later', tags: [], areas: [], anonymous });
    expect(post.body.anonymous).toEqual(anonymous);
    expect(postFormValuesOfRequest(post.body)).toMatchObject({ categoryId: '4', anonymous: 'on', anonymousNetwork: 'on', anonymousArea: '' });
    expect(postFormValuesOfRequest({ clientId: 'y', title: 'T', categoryId: 4, content: 'C' })).toMatchObject({ anonymous: '', anonymousNetwork: '', anonymousArea: '' });
  });
});
