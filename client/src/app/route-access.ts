import type { Access } from '@common/routes';
import { canModerate, isAdmin, type RoleHolder } from '@common/rules/roles';

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: '/'; rememberPath: boolean }
  | { kind: 'not-found' }
  /** A moderator on an admin page (issue 28): told the page is admins', not that it does not exist. */
  | { kind: 'admins-only' };

/**
 * Who may see a page of each access class (spec §2/§6). `user` is undefined while the auth query
 * loads and null for a guest. Guest pages send members home; member pages send guests home and
 * remember where they were going; admin pages do not exist for anyone but admins (a moderator, who knows
 * the admin area, is told they are admins' only: issue 28), moderator pages for anyone but moderators
 * and admins (issue 18).
 */
export function decideAccess(access: Access, user: RoleHolder): AccessDecision {
  if (access === 'public') return { kind: 'render' };
  if (user === undefined) return { kind: 'loading' };
  switch (access) {
    case 'home':
      return { kind: 'render' };
    case 'guest':
      return user ? { kind: 'redirect', to: '/', rememberPath: false } : { kind: 'render' };
    case 'member':
      return user ? { kind: 'render' } : { kind: 'redirect', to: '/', rememberPath: true };
    case 'admin':
      return isAdmin(user) ? { kind: 'render' } : canModerate(user) ? { kind: 'admins-only' } : { kind: 'not-found' };
    case 'moderator':
      return canModerate(user) ? { kind: 'render' } : { kind: 'not-found' };
  }
}
