import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logoutByLink } from '@endpoints/auth';

/**
 * A plain link: the server ends the session and redirects to '/'. The cache is dropped first so a
 * page restored from the back/forward cache never shows the signed-out member's data.
 */
export function LogoutLink({ className, children }: { className?: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <a href={logoutByLink.path} className={className} onClick={() => queryClient.clear()}>
      {children}
    </a>
  );
}
