import type { TAdminMember } from '@common/contracts/admin';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';

function Badges({ m }: { m: TAdminMember }) {
  const badges: Array<[string, string]> = [];
  if (m.isAdmin) badges.push(['Admin', 'bg-primary text-white']);
  else if (m.isModerator) badges.push(['Moderator', 'bg-brand-100 text-brand-900']);
  if (!m.verified) badges.push(['Unverified', 'bg-amber-100 text-amber-900']);
  if (m.suspended) badges.push(['Suspended', 'bg-red-100 text-red-900']);
  if (m.chatSuspended) badges.push(['Chat suspended', 'bg-orange-100 text-orange-900']);
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map(([label, cls]) => (
        <span key={label} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', cls)}>
          {label}
        </span>
      ))}
    </span>
  );
}

/** The members of one page: a card per member, a button opening their record. */
export function MemberTable({ members, onOpen }: { members: TAdminMember[]; onOpen: (id: number) => void }) {
  return (
    <ul className="grid gap-2" aria-label="Members">
      {members.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => onOpen(m.id)}
            className="grid w-full gap-1 rounded-xl border-2 border-line bg-card p-3 text-left hover:border-brand-800 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center sm:gap-3"
          >
            <span className="grid">
              <span className="font-semibold break-all">@{m.username}</span>
              <span className="text-sm text-muted break-words">
                {m.firstName} {m.lastName}
              </span>
            </span>
            <span className="text-sm break-all">{m.email}</span>
            <span className="grid justify-items-start gap-1 sm:justify-items-end">
              <Badges m={m} />
              <span className="text-xs text-muted">Joined {formatDate(m.createdAt)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
