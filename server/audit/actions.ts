/**
 * Every action the audit log records, as `<thing>.<verb>`, with the kind of target it names. A new
 * admin action is added here first; recordAudit accepts nothing else, and a target that does not fit
 * its action fails the typecheck. (The admin screen's labels: client/src/features/admin/api/audit.ts.)
 */
export const AUDIT_ACTIONS = {
  // members administration
  'user.suspend': 'user',
  'user.unsuspend': 'user',
  'user.chat_suspend': 'user',
  'user.chat_unsuspend': 'user',
  'user.make_admin': 'user',
  'user.remove_admin': 'user',
  'user.grant_moderator': 'user',
  'user.remove_moderator': 'user',
  /** A timed suspension past its end, lifted by the system (actor null) or at the member's sign-in. */
  'user.suspension_lifted': 'user',
  'user.resend_verification': 'user',
  /** An admin pinned a member's trust level, or unpinned it (issue 28). */
  'user.trust_pin': 'user',
  'user.trust_unpin': 'user',
  'user.delete': 'user',
  /** Issue 33: a staff account's own sign-in factors (members' are not logged): two-step sign-in on or
   *  off, new recovery codes, one used, remembered devices forgotten, a passkey added or removed. */
  'account.two_step_on': 'user',
  'account.two_step_off': 'user',
  'account.recovery_codes_new': 'user',
  'account.recovery_code_used': 'user',
  'account.devices_forget': 'user',
  'account.passkey_add': 'user',
  'account.passkey_remove': 'user',
  /** Issue 33: a staff account's second step locked by wrong codes (someone has its password). */
  'account.second_step_locked': 'user',
  // forum moderation
  'post.edit': 'post',
  'post.delete': 'post',
  'post.pin': 'post',
  'post.unpin': 'post',
  'post.lock': 'post',
  'post.unlock': 'post',
  'post.move': 'post',
  /** A moderator accepted a reply as another member's question's answer, or cleared it (issue 33). */
  'post.answer_accept': 'post',
  'post.answer_clear': 'post',
  /** A moderator closed another member's poll early (issue 33). */
  'post.poll_close': 'post',
  'comment.delete': 'comment',
  /** Issue 32: an admin learned who wrote an anonymous post or reply, with the reason they gave. */
  'post.reveal_author': 'post',
  'comment.reveal_author': 'comment',
  'upload.remove': 'upload',
  'category.create': 'category',
  'category.update': 'category',
  'category.reorder': 'category',
  'category.delete': 'category',
  /** Issue 32: the verified courier badge, given, refused (the request's proof deleted either way) or withdrawn. */
  'courier_badge.approve': 'user',
  'courier_badge.refuse': 'user',
  'courier_badge.withdraw': 'user',
  /** Issue 32: the tags posts carry. */
  'tag.create': 'tag',
  'tag.update': 'tag',
  'tag.delete': 'tag',
  'report.resolve': 'report',
  'report.dismiss': 'report',
  // the review queue and watched words (issue 28)
  'review.approve': 'held_item',
  'review.reject': 'held_item',
  'review.settings': 'site',
  'watched_word.create': 'watched_word',
  'watched_word.delete': 'watched_word',
  // site content
  'ad.create': 'ad',
  'ad.update': 'ad',
  'ad.delete': 'ad',
  'bulletin.create': 'bulletin',
  'bulletin.update': 'bulletin',
  'bulletin.delete': 'bulletin',
  'announcement.create': 'announcement',
  'announcement.send': 'announcement',
  'maintenance.on': 'site',
  'maintenance.off': 'site',
  'backup.create': 'site',
  /** A failed background job back to pending (issue 29). */
  'job.retry': 'job',
  // support and mail
  'ticket.reply': 'ticket',
  'ticket.note': 'ticket',
  'ticket.close': 'ticket',
  'ticket.reopen': 'ticket',
  'email.retry': 'email',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTarget = (typeof AUDIT_ACTIONS)[AuditAction];
/** The actions on one kind of target: AuditActionOn<'user'> is 'user.suspend' | 'user.unsuspend' | … */
export type AuditActionOn<T extends AuditTarget> = { [A in AuditAction]: (typeof AUDIT_ACTIONS)[A] extends T ? A : never }[AuditAction];
