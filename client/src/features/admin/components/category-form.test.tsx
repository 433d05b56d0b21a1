import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminCategory } from '@common/contracts/moderation';
import { CategoryForm } from './category-form';

// Issue 33: an admin makes a category Q&A, where a question's author accepts a reply as its answer.
// Issue 32: and lets trusted members post and reply in it anonymously.

const QA = 'Q&A: members can mark a reply as the answer';
const ANONYMOUS = 'Allow anonymous posts (trust level 2 and up)';
const helpDesk: TAdminCategory = { id: 3, name: 'Help desk', slug: 'help-desk', description: '', color: '#15803d', position: 2, postCount: 4, isQa: true, allowAnonymous: false };

describe('CategoryForm', () => {
  it('sends isQa with a new category, off unless ticked, and clears it after creating', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CategoryForm submitLabel="Create category" pending={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const qa = screen.getByRole('checkbox', { name: QA }) as HTMLInputElement;
    expect(qa.checked).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Help desk');
    await user.click(qa);
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Help desk', slug: undefined, description: '', color: '#2563eb', isQa: true, allowAnonymous: false }),
    );
    await waitFor(() => expect(qa.checked).toBe(false));
  });

  it("starts from the category's own setting when editing, and sends it unticked", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CategoryForm initial={helpDesk} submitLabel="Save changes" pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    const qa = screen.getByRole('checkbox', { name: QA }) as HTMLInputElement;
    expect(qa.checked).toBe(true);
    await user.click(qa);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ slug: 'help-desk', isQa: false })));
  });

  it('sends allowAnonymous: off for a new category unless ticked, cleared after creating; an edit starts from the setting', async () => {
    const onSubmit = vi.fn(async () => {});
    const { unmount } = render(<CategoryForm submitLabel="Create category" pending={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const anonymous = screen.getByRole('checkbox', { name: ANONYMOUS }) as HTMLInputElement;
    expect(anonymous.checked).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Speak freely');
    await user.click(anonymous);
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Speak freely', allowAnonymous: true, isQa: false })));
    await waitFor(() => expect(anonymous.checked).toBe(false));
    unmount();

    onSubmit.mockClear();
    render(<CategoryForm initial={{ ...helpDesk, allowAnonymous: true }} submitLabel="Save changes" pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const editing = screen.getByRole('checkbox', { name: ANONYMOUS }) as HTMLInputElement;
    expect(editing.checked).toBe(true);
    await user.click(editing);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ slug: 'help-desk', allowAnonymous: false })));
  });
});
