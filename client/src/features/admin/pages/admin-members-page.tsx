import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import type { TMemberStatus } from '@common/contracts/admin';
import { ADMIN_MEMBERS_PAGE, MEMBER_STATUSES } from '@common/rules/members';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { getMemberQueryOptions, getMembersQueryOptions } from '../api/members';
import { AdminLayout } from '../components/admin-layout';
import { MemberDetail } from '../components/member-detail';
import { MemberTable } from '../components/member-table';
import { formatNumber } from '@/lib/format';

const STATUS_LABEL: Record<TMemberStatus, string> = {
  all: 'All members',
  unverified: 'Unverified',
  suspended: 'Suspended',
  chat_suspended: 'Chat suspended',
  moderators: 'Moderators',
  admins: 'Admins',
};

/** /admin/members: search by username or email, filter by state, open a member's record and act on it. */
export function AdminMembersPage() {
  const id = useId();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = (MEMBER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TMemberStatus) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = Number(params.get('member')) || null;
  // The box follows the address when it changes (back, a link), set while rendering: an effect would
  // run after the first paint and wipe what was typed in the meantime.
  const [text, setText] = useState(q);
  const [textFor, setTextFor] = useState(q);
  if (textFor !== q) {
    setTextFor(q);
    setText(q);
  }

  const set = (next: Record<string, string | null>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v === null || v === '') p.delete(k);
        else p.set(k, v);
      }
      return p;
    });

  const list = useQuery(getMembersQueryOptions(q, status, page));
  const openMember = useQuery({ ...getMemberQueryOptions(open ?? 0), enabled: open !== null });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.totalCount / ADMIN_MEMBERS_PAGE)) : 1;

  return (
    <AdminLayout title="Members">
      <form
        role="search"
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim(), page: null });
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-q`} className="font-semibold">
            Search members
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Username or email"
            maxLength={100}
            className={inputClasses}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-status`} className="font-semibold">
            Show
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => set({ status: e.target.value === 'all' ? null : e.target.value, page: null })}
            className={inputClasses}
          >
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Search</Button>
      </form>

      {list.isPending ? (
        <Spinner label="Loading members" />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <p className="font-semibold">Unable to load members. {errorMessage(list.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <section aria-label="Search results" className="grid gap-3">
          <p role="status" className="text-muted">
            {list.data.totalCount === 0
              ? q
                ? `No members match "${q}"`
                : 'No members here'
              : `${formatNumber(list.data.totalCount)} member${list.data.totalCount === 1 ? '' : 's'}${q ? ` matching "${q}"` : ''}`}
          </p>
          <MemberTable members={list.data.members} onOpen={(m) => set({ member: String(m) })} />
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => set({ page: page - 1 > 1 ? String(page - 1) : null })}>
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="secondary" size="sm" disabled={!list.data.hasMore} onClick={() => set({ page: String(page + 1) })}>
                Next
              </Button>
            </nav>
          )}
        </section>
      )}

      <Modal
        open={open !== null}
        onOpenChange={(o) => {
          if (!o) set({ member: null });
        }}
        title={openMember.data ? `@${openMember.data.username}` : 'Member'}
        className="max-w-2xl"
      >
        {open !== null && <MemberDetail id={open} selfId={user?.id} onDeleted={() => set({ member: null })} />}
      </Modal>
    </AdminLayout>
  );
}
