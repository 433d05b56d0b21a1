// Who may do what (issue 18): the one place the server's guards and the client's menus ask. An admin
// may do everything; a moderator (below admin) looks after content: pin, lock, move and delete any
// post or comment, the reports queue (posts, comments and messages), members' chat access and, since
// issue 28, short site suspensions (up to 7 days, with a reason). A moderator acts only on members: never
// on an admin, another moderator or themselves. Members' accounts (longer suspensions, lifting one), ads,
// bulletins, emails, announcements, analytics, backups, settings, maintenance, categories and roles stay
// admins'.

import { londonFormat } from '../london-day.ts';

/** The part of a user (the signed-in TUser, or the server's session row) the rules read. */
export type RoleHolder = { isAdmin: boolean; isModerator?: boolean } | null | undefined;

/** A role holder with an id: the two sides of an action on a member. */
export type RolePerson = { id: number; isAdmin: boolean; isModerator?: boolean };

export const isAdmin = (u: RoleHolder): boolean => !!u?.isAdmin;

/** Admins and moderators: the content and reports tools. */
export const canModerate = (u: RoleHolder): boolean => !!u && (u.isAdmin || !!u.isModerator);

/** The roles PUT /api/admin/members/:id/role sets (admin is granted and removed by its own routes). */
export const MEMBER_ROLES = ['member', 'moderator'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The role a person is shown with (member list, profile badge). */
export const roleOf = (u: RoleHolder): 'admin' | MemberRole => (isAdmin(u) ? 'admin' : u?.isModerator ? 'moderator' : 'member');

export const ROLE_MSG = {
  adminsOnly: 'Admins only',
  moderatorsOnly: 'Moderators only',
  roleInvalid: "Role must be 'member' or 'moderator'",
  adminRole: 'This member is an admin: remove admin first',
  roleGranted: 'Moderator role granted',
  // Issue 28: the moderator's bounds.
  moderatorBounds: 'Moderators cannot act on admins, moderators or themselves',
  moderatorSuspensionLength: 'Moderators can suspend an account for up to 7 days; longer suspensions are for admins',
  moderatorSuspensionReason: 'Give a reason for the suspension: the member is shown it when they sign in',
  liftAdminsOnly: 'Only admins can lift or shorten a suspension',
} as const;

/**
 * Issue 28: whether `actor` may act on `target`'s account (chat access, a suspension). An admin acts on
 * anyone (the server's own rules still apply: not the last admin, not their own suspension); a moderator
 * only on members, so a role can never be turned on the people who hold it or on its holder.
 */
export const mayActOnMember = (actor: RolePerson, target: RolePerson): boolean =>
  isAdmin(actor) || (canModerate(actor) && !target.isAdmin && !target.isModerator && actor.id !== target.id);

// ---- timed suspensions ----

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an admin's site suspension lasts: days, or until an admin lifts it. */
export const SUSPENSION_DURATIONS = { '1d': 1, '7d': 7, '30d': 30, indefinite: null } as const;
export type SuspensionDuration = keyof typeof SUSPENSION_DURATIONS;
export const SUSPENSION_DURATION_KEYS = Object.keys(SUSPENSION_DURATIONS) as [SuspensionDuration, ...SuspensionDuration[]];
export const SUSPENSION_LABELS: Record<SuspensionDuration, string> = { '1d': '1 day', '7d': '7 days', '30d': '30 days', indefinite: 'Until lifted' };

/** Issue 28: the longest site suspension a moderator gives; longer, until lifted and lifting are admins'. */
export const MODERATOR_SUSPENSION_MAX_DAYS = 7;

/** The durations a moderator may choose (1 day, 7 days). */
export const MODERATOR_SUSPENSION_DURATIONS = SUSPENSION_DURATION_KEYS.filter((d) => {
  const days = SUSPENSION_DURATIONS[d];
  return days !== null && days <= MODERATOR_SUSPENSION_MAX_DAYS;
});

/** Whether `actor` may give a suspension of `duration` (admins: any). */
export const maySuspendFor = (actor: RoleHolder, duration: SuspensionDuration): boolean => isAdmin(actor) || MODERATOR_SUSPENSION_DURATIONS.includes(duration);

/** When a suspension of `duration` made at `now` ends (null: until an admin lifts it). */
export function suspensionEnd(duration: SuspensionDuration, now: Date): Date | null {
  const days = SUSPENSION_DURATIONS[duration];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

/** Whether a suspension holds at `now`: set, and not past its end. */
export const isSuspended = (u: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): boolean =>
  u.suspendedAt !== null && (u.suspendedUntil === null || u.suspendedUntil.getTime() > now.getTime());

/** '1 Dec 2026, 14:05', on London clocks (the house's date style, client/src/lib/dates.ts). */
export const londonDateTime = londonFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What sign-in answers a suspended member: the end (or that an admin lifts it) and the reason when one was given. */
export function suspendedMessage(until: Date | null, reason: string | null): string {
  const end = until ? `until ${londonDateTime(until)}` : 'until an admin lifts it';
  // The reason as the admin typed it, closed with one full stop.
  const why = reason ? ` Reason: ${/[.!?]$/.test(reason) ? reason : `${reason}.`}` : '';
  return `Your account is suspended ${end}.${why} Contact support if you think this is a mistake.`;
}
