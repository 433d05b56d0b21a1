import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logoutByLink } from '@endpoints/auth';
import { beforeSignOut } from '@/lib/session-end';

/**
 * A plain link: the server ends the session and redirects to '/'. The cache is dropped first so a
 * page restored from the back/forward cache never shows the signed-out member's data, and this
 * device's push subscription is forgotten while the session still allows it (beforeSignOut).
 */
export function LogoutLink({ className, children }: { className?: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <a
      href={logoutByLink.path}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        void beforeSignOut().then(() => {
          queryClient.clear();
          window.location.assign(logoutByLink.path);
        });
      }}
    >
      {children}
    </a>
  );
}
