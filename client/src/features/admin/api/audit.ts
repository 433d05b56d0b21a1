import { infiniteQueryOptions } from '@tanstack/react-query';
import { listAuditLog } from '@endpoints/admin';
import { call } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/config';
import { adminKeys } from './keys';

// The audit log: every admin action, newest first (docs/API.md "Admin: dashboard, members, audit log").

export const getAuditQueryOptions = (target?: { type: string; id: string | number }) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit.list(target),
    queryFn: ({ signal, pageParam }) =>
      call(
        listAuditLog,
        { query: { cursor: pageParam ?? undefined, targetType: target?.type, targetId: target ? String(target.id) : undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

const ACTION_LABELS: Record<string, string> = {
  'user.chat_suspend': 'suspended chat of',
  'user.chat_unsuspend': 'lifted chat suspension of',
  'user.suspend': 'suspended account of',
  'user.unsuspend': 'lifted account suspension of',
  'user.make_admin': 'made admin:',
  'user.remove_admin': 'removed admin:',
  'user.grant_moderator': 'made moderator:',
  'user.remove_moderator': 'removed moderator:',
  'user.suspension_lifted': 'ended the timed suspension of',
  'user.resend_verification': 'resent verification to',
  'user.delete': 'deleted member',
  'user.trust_pin': 'pinned the trust level of',
  'user.trust_unpin': 'unpinned the trust level of',
  'upload.remove': 'removed everywhere the photo',
  // Issue 28: the review queue and watched words.
  'review.approve': 'approved and published held item',
  'review.reject': 'rejected held item',
  'review.settings': 'changed the review setting',
  'watched_word.create': 'added watched word',
  'watched_word.delete': 'removed watched word',
  // Issue 33: a moderator's choice of a question's answer.
  'post.answer_accept': 'accepted an answer on post',
  'post.answer_clear': 'cleared the accepted answer of post',
  // Issue 32: the tags posts carry (the target reads "tag #12").
  'tag.create': 'created',
  'tag.update': 'edited',
  'tag.delete': 'deleted',
  // Issue 29: the background jobs card.
  'job.retry': 'retried the failed', // … job #12
  // Issue 33 part 3: a staff account's own sign-in factors (the target is the account itself).
  'account.two_step_on': 'turned on two-step sign-in for',
  'account.two_step_off': 'turned off two-step sign-in for',
  'account.recovery_codes_new': 'made new recovery codes for',
  'account.recovery_code_used': 'used a recovery code of',
  'account.devices_forget': 'forgot the remembered devices of',
  'account.passkey_add': 'added a passkey to',
  'account.passkey_remove': 'removed a passkey from',
  // No actor: "Kerbside locked sign-in, after wrong codes, for @sam".
  'account.second_step_locked': 'locked sign-in, after wrong codes, for',
};

/** Actions the site takes itself (no actor), so no admin's name goes with them. */
const SYSTEM_ACTIONS = new Set(['user.suspension_lifted', 'account.second_step_locked']);

/**
 * Who did it: the actor, the system (no actor: a timed suspension's end, a sign-in locked by wrong codes),
 * or an account since deleted.
 */
export const actorLabel = (e: { action: string; actor: { username: string } | null }) =>
  e.actor ? `@${e.actor.username}` : SYSTEM_ACTIONS.has(e.action) ? PRODUCT_NAME : 'A former admin';

/** 'suspended chat of', or the raw `thing.verb` for actions of other admin screens. */
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action.replace(/[._]/g, ' ');
