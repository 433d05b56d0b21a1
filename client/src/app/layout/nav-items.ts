import type { LucideIcon } from 'lucide-react';
import { Bookmark, BriefcaseBusiness, CircleUserRound, Inbox, MapPin, MessagesSquare, ShieldCheck, SquarePen, Tag, UserRoundCog, Users } from 'lucide-react';
import type { TUser } from '@common/contracts/auth';
import { canModerate, isAdmin } from '@common/rules/roles';

export type NavItem = {
  to: string;
  label: string;
  /** Spec §2: the jobs link reads 'Job Portal' in the mobile menu. */
  mobileLabel?: string;
  icon: LucideIcon;
  show: (user: TUser | null | undefined) => boolean;
  /** In the mobile menu only: the desktop bar has no room left (a desktop reaches it from the profile page). */
  menuOnly?: boolean;
};

const member = (u: TUser | null | undefined) => !!u;

/** The header's links (spec §2), shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/forum', label: 'Forum', icon: MessagesSquare, show: () => true },
  // Issue 32: the forum by tag and by postcode area. The desktop bar has the forum's sidebar for them.
  { to: '/tags', label: 'Tags', icon: Tag, show: () => true, menuOnly: true },
  { to: '/areas', label: 'Areas', icon: MapPin, show: () => true, menuOnly: true },
  { to: '/forum/new', label: 'New Post', icon: SquarePen, show: member },
  { to: '/directory/users', label: 'Directory', icon: Users, show: member },
  { to: '/directory/jobs', label: 'Jobs', mobileLabel: 'Job Portal', icon: BriefcaseBusiness, show: member },
  { to: '/inbox', label: 'Inbox', icon: Inbox, show: member },
  { to: '/bookmarks', label: 'Saved posts', icon: Bookmark, show: member, menuOnly: true },
  { to: '/profile', label: 'Profile', icon: CircleUserRound, show: member },
  { to: '/admin', label: 'Admin', icon: ShieldCheck, show: (u) => isAdmin(u) },
  // A moderator's part of the admin area (issue 18): the reports queue and the posts tool.
  { to: '/admin/moderation', label: 'Admin', icon: ShieldCheck, show: (u) => canModerate(u) && !isAdmin(u) },
  { to: '/onboarding', label: 'Set up profile', icon: UserRoundCog, show: (u) => !!u && !u.onboarded },
];
