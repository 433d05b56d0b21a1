import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { Link } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';
import { chatAccessQueryOptions } from '../api/chat-api';
import { chatAccessProblem, CHAT_TEXT } from '../lib/messages';

/** Issue 18: what a chat-suspended member can still do, beside spec §4's 'Chat Feature Suspended'. */
export const SUSPENSION_TEXT = {
  canRead: 'You can still read your past conversations, but you cannot start new ones or send messages.',
  noReply: 'Your chat is suspended: you can read this conversation but not reply.',
} as const;

/** Whether the signed-in member's chat is suspended: they read their conversations but cannot write (issue 18). */
export function useChatSuspended(): boolean {
  return chatAccessProblem(useUser().user) === 'suspended';
}

/**
 * Spec §4 Chat access: the signed-in user's own facts (verified, chat not suspended), as the server
 * checks them at every chat call; a `chat_access` frame updates them at once (chat-center.tsx).
 * Unverified: the card with the way to verify, instead of the inbox. Chat suspended (issue 18): the
 * suspension card above the inbox, which stays readable.
 */
export function ChatAccessGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const problem = chatAccessProblem(user);
  if (isLoading) return <Spinner />;
  if (problem === 'verification')
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
        <h2 className="text-lg font-bold">{CHAT_TEXT.verifyTitle}</h2>
        <p>{CHAT_TEXT.verifyBody}</p>
        <Link to="/verify-email" className="link">
          Verify my email
        </Link>
      </div>
    );
  if (problem === 'suspended')
    return (
      <>
        <ChatSuspendedCard />
        {children}
      </>
    );
  return <>{children}</>;
}

/** What a chat-suspended member is told: the suspension, the admin's reason when one was given, what they can still do. */
export function ChatSuspendedCard() {
  // The reason is not part of the signed-in user: read it here, once (the card shows without it meanwhile).
  const access = useQuery(chatAccessQueryOptions());
  const reason = access.data?.suspensionReason;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mx-3 mb-3 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:mx-0">
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="min-w-0 space-y-1">
        <h2 id={titleId} className="text-lg font-bold text-red-900">
          {CHAT_TEXT.suspendedTitle}
        </h2>
        <p>{CHAT_TEXT.suspendedBody}</p>
        {reason && (
          <p className="break-words">
            <span className="font-semibold">Reason:</span> {reason}
          </p>
        )}
        <p className="text-sm text-slate-700">{SUSPENSION_TEXT.canRead}</p>
      </div>
    </section>
  );
}

/** In place of the composer while chat is suspended: one line. */
export function ChatSuspendedNote() {
  return (
    <p role="status" className="border-t border-slate-200 bg-slate-50 p-3 text-center text-sm text-slate-700">
      {SUSPENSION_TEXT.noReply}
    </p>
  );
}
