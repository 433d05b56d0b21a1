import { cn } from '@/lib/cn';
import { proseClasses } from '../lib/prose';

/**
 * A post's or comment's body from the server's `contentHtml`.
 *
 * SECURITY: this is the only place the forum injects HTML, and it takes nothing but `contentHtml` from
 * the API, which the server renders from markdown and sanitises on write (server/lib/markdown.ts:
 * marked with raw HTML escaped, then a sanitize-html allowlist: no scripts, no event attributes, only
 * http(s)/mailto links). Every other piece of user text (titles, usernames, status lines, the editor
 * preview) is rendered as React text. Never pass anything else here.
 */
export function PostContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn(proseClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
