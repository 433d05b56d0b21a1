import type { THeldItem } from '@common/contracts/forum';
import { TRUST_MSG } from '@common/rules/trust';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { AwaitingApproval } from './held-item';
import { MarkdownPreview } from './markdown-preview';

// A member's own comment held for a moderator (issue 28), in its post's thread for them alone. The text
// is the markdown they wrote, shown as the editor's preview shows it: React text nodes only, links as
// text (a held item's links are what a moderator checks first).

/** A held comment in its post's thread, for its author: under their name, or the label it will be published under (issue 32). */
export function HeldComment({ item, username }: { item: THeldItem; username: string }) {
  return (
    <li>
      <article aria-label="Your comment, awaiting approval" data-held-item={item.id} className="grid gap-2 rounded-xl border-2 border-dashed border-accent-400 bg-card p-3 sm:p-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {item.anonymousAs !== undefined ? <AnonymousAuthor label={item.anonymousAs} className="font-semibold" /> : <span className="font-semibold">{username}</span>}
          <Time date={item.createdAt} className="text-muted" />
          <AwaitingApproval />
        </p>
        <MarkdownPreview source={item.content} className="break-words" />
        <p className="text-sm text-muted">{TRUST_MSG.heldNotice}</p>
      </article>
    </li>
  );
}

