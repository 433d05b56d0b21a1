import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import { logoutByLink } from '@endpoints/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { forgetMember } from '@/lib/session-end';

/**
 * A plain link: the server ends the session and redirects to '/'. The cache is dropped first so a
 * page restored from the back/forward cache never shows the signed-out member's data, and what the
 * member kept on this device (drafts, unsent messages and writes) goes with them: a shared phone.
 */
export function LogoutLink({ className, children }: { className?: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const signOut = () => {
    const user = queryClient.getQueryData<TUser | null>(USER_QUERY_KEY);
    if (user) void forgetMember(user.id);
    queryClient.clear();
    // A guest until the page goes: anything that renders meanwhile (a closing socket re-renders the
    // post page) must not fetch the user again and reconnect as them before the session has ended.
    queryClient.setQueryData(USER_QUERY_KEY, null);
  };
  return (
    <a href={logoutByLink.path} className={className} onClick={signOut}>
      {children}
    </a>
  );
}
