import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { chatAccessQueryOptions } from '../api/chat-api';
import { accessProblem, CHAT_TEXT } from '../lib/messages';

/** Spec §4 Chat access: allowed once GET /api/chat/directory succeeds. */
export function useChatAccess() {
  const q = useQuery(chatAccessQueryOptions());
  const problem = q.error instanceof ApiError ? accessProblem(q.error.serverMessage ?? q.error.message) : null;
  return { allowed: q.isSuccess, loading: q.isPending, problem, error: q.isError };
}

export function ChatAccessGate({ children }: { children: ReactNode }) {
  const a = useChatAccess();
  useEffect(() => {
    if (a.problem) toast({ title: CHAT_TEXT.suspendedTitle, description: CHAT_TEXT.suspendedBody, variant: 'destructive' });
  }, [a.problem]);
  if (a.loading) return <Spinner />;
  if (a.problem)
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
        <h2 className="text-lg font-bold">{CHAT_TEXT.verifyTitle}</h2>
        <p>{CHAT_TEXT.verifyBody}</p>
        {a.problem === 'verification' && (
          <Link to="/verify-email" className="link">
            Verify my email
          </Link>
        )}
      </div>
    );
  // Any other failure (offline): the pages still try, so nothing written is held back.
  return <>{children}</>;
}
