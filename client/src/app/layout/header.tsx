import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useLocation } from '@/lib/router';
import { LogOut } from 'lucide-react';
import { useUser } from '@/lib/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { forumKeys } from '@/features/forum/api/keys';
import { NotificationsSlot } from '@/features/notifications/components/notifications-slot';
import { ChatSlot } from '@/features/chat/components/chat-slot';
import { preloadAuthDialog } from './auth-dialog-host';
import { Logo } from './logo';
import { OfflineMemberBadge, useOfflineMember } from './offline-member';
import { LogoutLink } from './logout-link';
import { MemberDevice } from './member-device';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';

/** Spec §2: clicking Forum while on /forum refreshes the list. */
export function useForumLinkRefresh() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  return (to: string) => {
    if (to === '/forum' && pathname === '/forum') void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
  };
}

const barLink =
  'min-h-11 items-center gap-1.5 rounded-lg px-3 font-semibold text-bar-muted hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/15 aria-[current=page]:text-white';

/** What Sign In and Join Free share: their size, and loading the dialog as a finger or focus nears. */
const authButton = { size: 'compact', onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog } as const;

export function Header() {
  const { user, isLoading, query } = useUser();
  const offlineMember = useOfflineMember(query.isError) && !user;
  const onNavClick = useForumLinkRefresh();
  // While auth loads only the links everyone has are shown, so nothing flickers away.
  const items = NAV_ITEMS.filter((i) => (isLoading ? i.to === '/forum' : i.show(user)));
  const guest = !isLoading && !user && !offlineMember;

  return (
    <header className="bg-bar text-white">
      {/* Wraps rather than overflows: with large text on a small phone (under 20rem across, e.g. 320 px at
          200 % text) a guest's Sign In and Join Free take a row of their own under the mark and the menu,
          and a member's buttons wrap under the mark (issue 30, WCAG 1.4.10). */}
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-4 py-2.5 sm:gap-x-2">
        <Link to="/" className="-ml-1 rounded-lg px-1 py-1 text-white" aria-label="Kerbside home">
          {/* Under 25rem (400 px at normal text) a guest's Sign In, Join Free and menu leave no room for the
              name: the mark alone then (the link is named "Kerbside home"). In rem, so larger text counts
              as a narrower screen. */}
          <Logo nameClassName="max-[25rem]:hidden" />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.filter((item) => !item.menuOnly).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={cn(barLink, 'inline-flex')} onClick={() => onNavClick(item.to)}>
                  <item.icon aria-hidden="true" className="size-4" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {offlineMember && <OfflineMemberBadge />}
        {guest && (
          <div className="ml-auto flex gap-1 sm:gap-2 max-[20rem]:order-last max-[20rem]:basis-full max-[20rem]:flex-wrap max-[20rem]:gap-2 max-[20rem]:*:flex-1">
            <Button variant="ghost-inverse" {...authButton} onClick={() => openAuthDialog('signin')}>
              Sign In
            </Button>
            <Button variant="accent" {...authButton} onClick={() => openAuthDialog('register')}>
              Join Free
            </Button>
          </div>
        )}
        {/* Header actions; the notifications (bell, panel, socket) load lazily, for members only. */}
        <div className={cn('flex flex-wrap items-center justify-end gap-1 sm:gap-2', guest ? 'max-[20rem]:ml-auto' : 'ml-auto')}>
          {user && <ChatSlot userId={user.id} />}
          {user && <NotificationsSlot userId={user.id} />}
          {user && <MemberDevice userId={user.id} />}
          {user && (
            <LogoutLink className={cn(barLink, 'hidden lg:inline-flex')}>
              <LogOut aria-hidden="true" className="size-4" />
              Log out
            </LogoutLink>
          )}
          <MobileMenu items={items} user={user} onNavClick={onNavClick} />
        </div>
      </div>
    </header>
  );
}
