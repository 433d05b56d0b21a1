import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminCategory } from '@common/contracts/moderation';
import { CategoryForm } from './category-form';

// Issue 33: an admin makes a category Q&A, where a question's author accepts a reply as its answer.

const QA = 'Q&A: members can mark a reply as the answer';

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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Help desk', slug: undefined, description: '', color: '#2563eb', isQa: true }));
    await waitFor(() => expect(qa.checked).toBe(false));
  });

  it("starts from the category's own setting when editing, and sends it unticked", async () => {
    const initial: TAdminCategory = { id: 3, name: 'Help desk', slug: 'help-desk', description: '', color: '#15803d', position: 2, postCount: 4, isQa: true };
    const onSubmit = vi.fn(async () => {});
    render(<CategoryForm initial={initial} submitLabel="Save changes" pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    const qa = screen.getByRole('checkbox', { name: QA }) as HTMLInputElement;
    expect(qa.checked).toBe(true);
    await user.click(qa);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ slug: 'help-desk', isQa: false })));
  });
});
