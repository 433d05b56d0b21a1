import { describe, expect, it } from 'vitest';
import { ROUTES, type Access } from '@common/routes';
import { decideAccess } from './route-access';
import { PAGES } from './pages';

const guest = null;
const member = { isAdmin: false };
const admin = { isAdmin: true };

describe('decideAccess', () => {
  it('renders public pages for everyone, even while auth loads', () => {
    for (const u of [undefined, guest, member, admin]) expect(decideAccess('public', u)).toEqual({ kind: 'render' });
  });

  it('waits for auth on every other class', () => {
    for (const a of ['home', 'guest', 'member', 'admin'] as Access[]) expect(decideAccess(a, undefined)).toEqual({ kind: 'loading' });
  });

  it('renders home for guests and members alike (the page picks landing or forum)', () => {
    expect(decideAccess('home', guest)).toEqual({ kind: 'render' });
    expect(decideAccess('home', member)).toEqual({ kind: 'render' });
  });

  it('sends signed-in users away from guest pages', () => {
    expect(decideAccess('guest', guest)).toEqual({ kind: 'render' });
    expect(decideAccess('guest', member)).toEqual({ kind: 'redirect', to: '/', rememberPath: false });
    expect(decideAccess('guest', admin)).toEqual({ kind: 'redirect', to: '/', rememberPath: false });
  });

  it('sends guests home from member pages and remembers the page', () => {
    expect(decideAccess('member', guest)).toEqual({ kind: 'redirect', to: '/', rememberPath: true });
    expect(decideAccess('member', member)).toEqual({ kind: 'render' });
  });

  it('shows not-found on admin pages to everyone but admins', () => {
    expect(decideAccess('admin', guest)).toEqual({ kind: 'not-found' });
    expect(decideAccess('admin', member)).toEqual({ kind: 'not-found' });
    expect(decideAccess('admin', admin)).toEqual({ kind: 'render' });
  });

  it('moderator pages (issue 18): moderators and admins only; admin pages stay admins\' only', () => {
    const moderator = { isAdmin: false, isModerator: true };
    expect(decideAccess('moderator', undefined)).toEqual({ kind: 'loading' });
    expect(decideAccess('moderator', guest)).toEqual({ kind: 'not-found' });
    expect(decideAccess('moderator', member)).toEqual({ kind: 'not-found' });
    expect(decideAccess('moderator', moderator)).toEqual({ kind: 'render' });
    expect(decideAccess('moderator', admin)).toEqual({ kind: 'render' });
    // Issue 28: a moderator is told an admin page is admins' only (not that it does not exist).
    expect(decideAccess('admin', moderator)).toEqual({ kind: 'admins-only' });
    expect(ROUTES.filter((r) => r.access === 'moderator').map((r) => r.path)).toEqual(['/admin/moderation']);
  });
});

describe('PAGES', () => {
  it('has a page for every route of common/routes.ts and nothing else', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });
});
