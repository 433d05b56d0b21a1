import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTag } from '@common/contracts/labels';
import { LABEL_MSG } from '@common/rules/labels';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { AdminTagsPage } from './admin-tags-page';

// /admin/tags (issue 32): the tags posts carry, networks then topics, each with its address and post
// count; an admin creates, edits and deletes them, and reads the server's refusals where they apply.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const tag = (id: number, slug: string, name: string, kind: TTag['kind'], postCount: number): TTag => ({ id, slug, name, kind, description: '', postCount });

/** A server holding the tags; `conflict` makes a create or an edit with that slug answer 409. */
function stubServer(conflict?: string) {
  const tags: TTag[] = [tag(1, 'evri', 'Evri', 'network', 12), tag(2, 'dpd', 'DPD', 'network', 0), tag(3, 'insurance', 'Insurance', 'topic', 4)];
  const calls = stubApi((c: ApiCall) => {
    const body = c.body as Partial<TTag> | undefined;
    if (c.method === 'GET' && c.path === '/api/tags') return { body: { tags } };
    if ((c.method === 'POST' || c.method === 'PATCH') && body?.slug === conflict) {
      return { status: 409, body: { message: LABEL_MSG.tagSlugTaken, errors: { slug: LABEL_MSG.tagSlugTaken } } };
    }
    if (c.method === 'POST' && c.path === '/api/admin/tags') {
      const created = { ...tag(9, body!.slug!, body!.name!, body!.kind!, 0), description: body!.description ?? '' };
      tags.push(created);
      return { status: 201, body: created };
    }
    const one = /^\/api\/admin\/tags\/(\d+)$/.exec(c.path);
    if (one) {
      const i = tags.findIndex((t) => t.id === Number(one[1]));
      if (c.method === 'PATCH') {
        tags[i] = { ...tags[i]!, ...body };
        return { body: tags[i] };
      }
      if (c.method === 'DELETE') {
        tags.splice(i, 1);
        return { body: { message: LABEL_MSG.tagDeleted } };
      }
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');
const newTagForm = () => within(screen.getByRole('region', { name: 'New tag' }));

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('AdminTagsPage', () => {
  it('lists networks then topics, each with its address and post count', async () => {
    stubServer();
    renderWithProviders(<AdminTagsPage />, { route: '/admin/tags' });
    const networks = await screen.findByRole('region', { name: 'Networks (2)' });
    expect(within(networks).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Evri', 'DPD']);
    const evri = within(networks).getByRole('article', { name: 'Evri' });
    expect(within(evri).getByRole('link', { name: '/tags/evri' }).getAttribute('href')).toBe('/tags/evri');
    expect(evri.textContent).toContain('12 posts');
    expect(within(screen.getByRole('region', { name: 'Topics (1)' })).getByRole('article', { name: 'Insurance' })).toBeTruthy();
  });

  it('creates a tag, checked with the contract first, and shows it in the list', async () => {
    const calls = stubServer();
    renderWithProviders(<AdminTagsPage />, { route: '/admin/tags' });
    await screen.findByRole('article', { name: 'Evri' });
    const form = newTagForm();
    await userEvent.type(form.getByLabelText('Name'), 'Amazon Flex');
    await userEvent.type(form.getByLabelText('Address'), 'Amazon Flex');
    await userEvent.click(form.getByRole('button', { name: 'Create tag' }));
    expect(await form.findByText(LABEL_MSG.tagSlug)).toBeTruthy();
    expect(form.getByText(LABEL_MSG.tagKind)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.clear(form.getByLabelText('Address'));
    await userEvent.type(form.getByLabelText('Address'), 'amazon-flex');
    expect(form.getByText('amazon-flex', { selector: 'span' })).toBeTruthy();
    await userEvent.click(form.getByRole('radio', { name: /^Network/ }));
    await userEvent.type(form.getByLabelText(/Description/), 'Self-employed Flex blocks');
    await userEvent.click(form.getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: `${LABEL_MSG.tagCreated}: Amazon Flex`, variant: 'success' }));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/admin/tags', body: { slug: 'amazon-flex', name: 'Amazon Flex', kind: 'network', description: 'Self-employed Flex blocks' } },
    ]);
    expect(await screen.findByRole('article', { name: 'Amazon Flex' })).toBeTruthy();
    await waitFor(() => expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's 409 under the address and keeps what was typed", async () => {
    stubServer('evri');
    renderWithProviders(<AdminTagsPage />, { route: '/admin/tags' });
    await screen.findByRole('article', { name: 'Evri' });
    const form = newTagForm();
    await userEvent.type(form.getByLabelText('Name'), 'Evri again');
    await userEvent.type(form.getByLabelText('Address'), 'evri');
    await userEvent.click(form.getByRole('radio', { name: /^Network/ }));
    await userEvent.click(form.getByRole('button', { name: 'Create tag' }));
    const message = await form.findByText(LABEL_MSG.tagSlugTaken);
    expect(form.getByLabelText('Address').getAttribute('aria-describedby')).toContain(message.id);
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Evri again');
    expect(toast).not.toHaveBeenCalled();
  });

  it('edits a tag in place', async () => {
    const calls = stubServer();
    renderWithProviders(<AdminTagsPage />, { route: '/admin/tags' });
    const row = await screen.findByRole('article', { name: 'Insurance' });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Insurance' }));
    const name = within(row).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Insurance');
    expect((within(row).getByRole('radio', { name: /^Topic/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(row).getByText(/Changing it breaks links/)).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Van insurance');
    await userEvent.click(within(row).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: LABEL_MSG.tagUpdated, variant: 'success' }));
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: '/api/admin/tags/3', body: { slug: 'insurance', name: 'Van insurance', kind: 'topic', description: '' } },
    ]);
    expect(await screen.findByRole('article', { name: 'Van insurance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('deletes a tag after a confirmation that says it leaves every post', async () => {
    const calls = stubServer();
    renderWithProviders(<AdminTagsPage />, { route: '/admin/tags' });
    const row = await screen.findByRole('article', { name: 'Evri' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Evri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the tag Evri?' });
    expect(dialog.textContent).toContain('This removes it from every post that carries it (12 posts)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete Evri' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: LABEL_MSG.tagDeleted, variant: 'success' }));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/admin/tags/1' }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Evri' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
