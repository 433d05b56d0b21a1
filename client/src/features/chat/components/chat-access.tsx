import { useEffect, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { chatAccessProblem, CHAT_TEXT } from '../lib/messages';

/**
 * Spec §4 Chat access: the signed-in user's own facts (verified, chat not suspended), as the server
 * checks them at every chat call; a `chat_access` frame updates them at once (chat-center.tsx).
 */
export function ChatAccessGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const problem = chatAccessProblem(user);
  useEffect(() => {
    if (problem) toast({ title: CHAT_TEXT.suspendedTitle, description: CHAT_TEXT.suspendedBody, variant: 'destructive' });
  }, [problem]);
  if (isLoading) return <Spinner />;
  if (problem)
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
        <h2 className="text-lg font-bold">{CHAT_TEXT.verifyTitle}</h2>
        <p>{CHAT_TEXT.verifyBody}</p>
        {problem === 'verification' && (
          <Link to="/verify-email" className="link">
            Verify my email
          </Link>
        )}
      </div>
    );
  return <>{children}</>;
}
