import type { Access } from '@common/routes';

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: '/'; rememberPath: boolean }
  | { kind: 'not-found' };

/**
 * Who may see a page of each access class (spec §2/§6). `user` is undefined while the auth query
 * loads and null for a guest. Guest pages send members home; member pages send guests home and
 * remember where they were going; admin pages do not exist for anyone but admins.
 */
export function decideAccess(access: Access, user: { isAdmin: boolean } | null | undefined): AccessDecision {
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
      return user?.isAdmin ? { kind: 'render' } : { kind: 'not-found' };
  }
}
