import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from '@/lib/router';
import { Head } from '@/components/ui/head';
import { getUserQueryOptions } from '@/lib/auth';
import { canModerate, isAdmin, type RoleHolder } from '@common/rules/roles';

/** `moderator`: a moderator's section too (issue 18); every other section is admins' only. */
export const ADMIN_SECTIONS = [
  { path: '/admin', label: 'Dashboard' },
  { path: '/admin/members', label: 'Members' },
  { path: '/admin/moderation', label: 'Moderation', moderator: true },
  { path: '/admin/categories', label: 'Categories' },
  { path: '/admin/tags', label: 'Tags' },
  { path: '/admin/support', label: 'Support' },
  { path: '/admin/emails', label: 'Emails' },
  { path: '/admin/bulletins', label: 'Bulletins' },
  { path: '/admin/pay-reports', label: 'Pay reports' },
  { path: '/admin/watched-words', label: 'Watched words' },
  { path: '/admin/ads', label: 'Ads' },
  { path: '/admin/analytics', label: 'Analytics' },
] as const;

/** The sections a user may open (the server guards each route the same way, common/rules/roles.ts). */
export function adminSectionsFor(user: RoleHolder) {
  return ADMIN_SECTIONS.filter((s) => isAdmin(user) || ('moderator' in s && s.moderator && canModerate(user)));
}

/** Every admin screen: its title (noindex), the admin section nav, then the screen. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  // The signed-in user the route gate already loaded: read from the cache, never fetched again here.
  const { data: user } = useQuery({ ...getUserQueryOptions(), enabled: false });
  const sections = adminSectionsFor(user);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4 px-4 py-6">
      <Head title={`${title} · Admin`} noindex />
      <nav aria-label="Admin sections" className="overflow-x-auto">
        <ul className="flex gap-1 whitespace-nowrap">
          {sections.map((s) => (
            <li key={s.path}>
              <NavLink
                to={s.path}
                end
                className="inline-flex min-h-11 items-center rounded-lg border border-line bg-card px-3 text-sm font-semibold aria-[current=page]:border-brand-800 aria-[current=page]:bg-brand-50"
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
