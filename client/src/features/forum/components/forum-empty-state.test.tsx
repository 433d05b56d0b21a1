import { describe, expect, it } from 'vitest';
import { renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeAuthDialog, useAuthDialog } from '@/lib/auth-dialog';
import { renderWithProviders } from '@/test/render';
import { ForumEmptyState } from './forum-empty-state';

describe('ForumEmptyState', () => {
  it("offers members 'Start Discussion', leading to the editor", () => {
    renderWithProviders(<ForumEmptyState signedIn />);
    expect(screen.getByRole('heading', { name: 'No discussions yet' })).toBeTruthy();
    expect(screen.getByText('Be the first to start a conversation!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Discussion' }).getAttribute('href')).toBe('/forum/new');
    expect(screen.queryByRole('button', { name: 'Join & Post' })).toBeNull();
  });

  it("offers guests 'Join & Post', opening the register tab of the auth dialog", async () => {
    closeAuthDialog();
    renderWithProviders(<ForumEmptyState signedIn={false} />);
    expect(screen.queryByRole('link', { name: 'Start Discussion' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join & Post' }));
    const { result } = renderHook(() => useAuthDialog());
    expect(result.current).toEqual({ open: true, tab: 'register' });
    closeAuthDialog();
  });
});
