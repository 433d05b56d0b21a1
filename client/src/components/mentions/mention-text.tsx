import { Fragment } from 'react';
import { Link } from '@/lib/router';
import { profilePath, splitMentions } from '@/lib/mentions';

/**
 * Plain text (a chat message) with each @name as a link to that profile (issue 18). Every piece is a
 * React text node, so nothing in the text is ever markup. The name is not checked here: a profile
 * that does not exist shows the not-found page. The link keeps the text's colour (chat bubbles differ).
 */
export function MentionText({ text }: { text: string }) {
  return splitMentions(text).map((p, i) =>
    p.t === 'text' ? (
      <Fragment key={i}>{p.v}</Fragment>
    ) : (
      <Link key={i} to={profilePath(p.username)} className="mention font-semibold underline underline-offset-2 hover:no-underline">
        @{p.username}
      </Link>
    ),
  );
}
