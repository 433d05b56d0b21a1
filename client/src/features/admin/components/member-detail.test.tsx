import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminMemberDetail } from '@common/contracts/admin';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { MemberDetail } from './member-detail';

const member: TAdminMemberDetail = {
  id: 5,
  username: 'van_dan',
  email: 'dan@example.test',
  firstName: 'Dan',
  lastName: 'Driver',
  avatar: 'van',
  verified: true,
  suspended: false,
  chatSuspended: false,
  isAdmin: true,
  isModerator: false,
  createdAt: '2026-01-10T09:00:00.000Z',
  statusText: '',
  emailVerifiedAt: '2026-01-10T09:05:00.000Z',
  suspendedAt: null,
  suspendedUntil: null,
  suspensionReason: null,
  chatSuspendedAt: null,
  onboarded: true,
  postCount: 3,
  commentCount: 7,
  activeSessions: 1,
  lastSeenAt: '2026-01-11T09:00:00.000Z',
  trust: { level: 1, computed: 1, pinned: null, computedAt: '2026-01-11T10:00:00.000Z' },
};

afterEach(() => vi.unstubAllGlobals());

describe('MemberDetail', () => {
  it('shows the record; suspending chat asks first, sends the reason and says it is done', async () => {
    let current = member;
    const calls = stubApi((c) => {
      if (c.path === '/api/admin/audit-log') return { body: { entries: [], nextCursor: null } };
      if (c.method === 'POST' && c.path === '/api/admin/members/5/chat-suspension') {
        current = { ...member, chatSuspended: true, chatSuspendedAt: '2026-01-12T09:00:00.000Z' };
      }
      return { body: current };
    });
    renderWithProviders(<MemberDetail id={5} selfId={1} onDeleted={() => undefined} />);
    expect(await screen.findByText('dan@example.test')).toBeTruthy();
    expect(screen.getByText('Admin · Verified')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Suspend chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend chat?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend chat' }));
    expect(await screen.findByText('Chat suspended for @van_dan')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Lift chat suspension' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/5/chat-suspension', body: { reason: 'Spam' } });
  });

  it("shows the server's refusal in the dialog (last admin) and changes nothing", async () => {
    stubApi((c) => {
      if (c.path === '/api/admin/audit-log') return { body: { entries: [], nextCursor: null } };
      if (c.method === 'DELETE') return { status: 409, body: { message: 'The last admin cannot be removed' } };
      return { body: member };
    });
    renderWithProviders(<MemberDetail id={5} selfId={1} onDeleted={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The last admin cannot be removed');
    expect(screen.getByText('Admin · Verified')).toBeTruthy();
  });

  it('grants the moderator role (issue 18), and shows it', async () => {
    const plain = { ...member, isAdmin: false };
    let current = plain;
    const calls = stubApi((c) => {
      if (c.path === '/api/admin/audit-log') return { body: { entries: [], nextCursor: null } };
      if (c.method === 'PUT' && c.path === '/api/admin/members/5/role') current = { ...plain, isModerator: true };
      return { body: current };
    });
    renderWithProviders(<MemberDetail id={5} selfId={1} onDeleted={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make moderator?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make moderator' }));
    expect(await screen.findByRole('button', { name: 'Remove moderator' })).toBeTruthy();
    expect(screen.getByText('Moderator · Verified')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/members/5/role', body: { role: 'moderator' } });
  });

  it('suspends for a chosen time with a reason, then shows the end and the reason', async () => {
    const plain = { ...member, isAdmin: false };
    let current = plain;
    const calls = stubApi((c) => {
      if (c.path === '/api/admin/audit-log') return { body: { entries: [], nextCursor: null } };
      if (c.method === 'POST' && c.path === '/api/admin/members/5/suspension') {
        current = { ...plain, suspended: true, suspendedAt: '2026-01-12T09:00:00.000Z', suspendedUntil: '2026-01-19T09:00:00.000Z', suspensionReason: 'Spam links' };
      }
      return { body: current };
    });
    renderWithProviders(<MemberDetail id={5} selfId={1} onDeleted={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account?' });
    expect((within(dialog).getByRole('radio', { name: '1 day' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam links');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText('Spam links')).toBeTruthy();
    expect(screen.getByText('Suspended until')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/5/suspension', body: { reason: 'Spam links', duration: '7d' } });
  });

  it('shows the trust level, computed vs pinned, and pins and unpins it (issue 28)', async () => {
    const plain = { ...member, isAdmin: false };
    let current: TAdminMemberDetail = plain;
    const calls = stubApi((c) => {
      if (c.path === '/api/admin/audit-log') return { body: { entries: [], nextCursor: null } };
      if (c.method === 'PUT' && c.path === '/api/admin/members/5/trust-level') {
        const level = (c.body as { level: number | null }).level;
        current = { ...plain, trust: { ...plain.trust, level: level ?? plain.trust.computed, pinned: level } };
      }
      return { body: current };
    });
    renderWithProviders(<MemberDetail id={5} selfId={1} onDeleted={() => undefined} />);
    expect(await screen.findByText('1 — Basic (from activity)')).toBeTruthy();
    const select = screen.getByLabelText('Pin trust level') as HTMLSelectElement;
    expect(select.value).toBe('auto');
    const save = screen.getByRole('button', { name: 'Save trust level' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await userEvent.selectOptions(select, '3');
    await userEvent.click(save);
    expect(await screen.findByText('3 — Regular (pinned; activity says 1)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/members/5/trust-level', body: { level: 3 } });

    await userEvent.selectOptions(screen.getByLabelText('Pin trust level'), 'auto');
    await userEvent.click(screen.getByRole('button', { name: 'Save trust level' }));
    expect(await screen.findByText('1 — Basic (from activity)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toEqual({ method: 'PUT', path: '/api/admin/members/5/trust-level', body: { level: null } });
  });

  it('offers no suspend or delete on your own record', async () => {
    stubApi((c) => (c.path === '/api/admin/audit-log' ? { body: { entries: [], nextCursor: null } } : { body: member }));
    renderWithProviders(<MemberDetail id={5} selfId={5} onDeleted={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Remove admin' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete member' })).toBeNull();
  });
});
