import type { RefObject } from 'react';
import { NavLink } from '@/lib/router';
import { LogIn, LogOut, UserPlus } from 'lucide-react';
import type { TUser } from '@common/contracts/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { Modal } from '@/components/ui/dialog';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { LogoutLink } from './logout-link';
import type { NavItem } from './nav-items';

export type MobileMenuSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  items: readonly NavItem[];
  user: TUser | null | undefined;
  onNavClick: (to: string) => void;
};

const itemClass =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-lg font-semibold text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900';

/** The mobile menu's sheet, sliding in from the right (loaded on demand: see mobile-menu.tsx). */
export function MobileMenuSheet({ open, onOpenChange, returnFocusRef, items, user, onNavClick }: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);

  return (
    <Modal open={open} onOpenChange={onOpenChange} layout="sheet" title="Menu" returnFocusRef={returnFocusRef}>
      {user && (
        <div className="mb-4 flex items-center gap-3 rounded-xl bg-surface p-3">
          <AvatarIcon avatar={user.avatar} />
          <div className="min-w-0">
            <p className="font-bold">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-sm text-muted">@{user.username}</p>
          </div>
        </div>
      )}
      <nav aria-label="Main">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={itemClass}
                onClick={() => {
                  onNavClick(item.to);
                  close();
                }}
              >
                <item.icon aria-hidden="true" className="size-5" />
                {item.mobileLabel ?? item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 grid gap-1 border-t border-line pt-4">
        {user ? (
          <LogoutLink className={itemClass}>
            <LogOut aria-hidden="true" className="size-5" />
            Log out
          </LogoutLink>
        ) : (
          user === null && (
            <>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  openAuthDialog('signin');
                }}
              >
                <LogIn aria-hidden="true" className="size-5" />
                Sign In
              </button>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  openAuthDialog('register');
                }}
              >
                <UserPlus aria-hidden="true" className="size-5" />
                Join Free
              </button>
            </>
          )
        )}
      </div>
    </Modal>
  );
}
