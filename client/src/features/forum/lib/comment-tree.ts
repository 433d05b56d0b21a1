// The post page receives comments as a flat list (oldest first, each with its parentId) and shows them
// as threads. On a phone a thread cannot indent forever, so the display stops at MAX_DEPTH levels: a
// reply deeper than that is shown at the last level, in time order, marked 'replying to @user'.

export const MAX_COMMENT_DEPTH = 3;

/** What the tree needs of a comment; the page's full comment type satisfies it. */
export type TreeComment = {
  id: number;
  parentId: number | null;
  isDeleted?: boolean;
  author: { username: string } | null;
  /** Issue 32: written anonymously, its label (the author is then null). */
  anonymousAs?: string;
};

export type CommentNode<C extends TreeComment> = {
  comment: C;
  /** 0 for a top-level comment; never more than MAX_COMMENT_DEPTH - 1. */
  depth: number;
  /**
   * Set on replies deeper than the last level, which are drawn at that level beside the comment they
   * answer: that comment's author, or null when it was deleted or its author is gone; its label when it
   * was written anonymously (issue 32).
   */
  replyingTo?: { username: string | null; anonymousAs?: string };
  children: CommentNode<C>[];
};

/**
 * Flat → nested. Replies keep their parent's place even when the parent was deleted (the server keeps
 * a deleted comment that has replies, shown as 'This comment was deleted'). A reply whose parent is not
 * in the list at all (not loaded, or gone) is shown at the top level rather than dropped. Order within
 * each level is the order of the input (oldest first).
 */
export function buildCommentTree<C extends TreeComment>(comments: readonly C[], maxDepth: number = MAX_COMMENT_DEPTH): CommentNode<C>[] {
  const byId = new Map<number, C>();
  for (const c of comments) if (!byId.has(c.id)) byId.set(c.id, c);

  const childrenOf = new Map<number, C[]>();
  const roots: C[] = [];
  for (const c of byId.values()) {
    const parent = c.parentId != null && c.parentId !== c.id ? byId.get(c.parentId) : undefined;
    if (!parent || createsCycle(c, byId)) {
      roots.push(c);
      continue;
    }
    const list = childrenOf.get(parent.id);
    if (list) list.push(c);
    else childrenOf.set(parent.id, [c]);
  }

  const order = new Map<number, number>();
  comments.forEach((c, i) => {
    if (!order.has(c.id)) order.set(c.id, i);
  });

  const node = (c: C, depth: number): CommentNode<C> => {
    const kids = childrenOf.get(c.id) ?? [];
    if (depth < maxDepth - 1) return { comment: c, depth, children: kids.map((k) => node(k, depth + 1)) };
    // The last visible level: every descendant is drawn here, in time order.
    const flat: C[] = [];
    const collect = (parentId: number) => {
      for (const k of childrenOf.get(parentId) ?? []) {
        flat.push(k);
        collect(k.id);
      }
    };
    collect(c.id);
    flat.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return {
      comment: c,
      depth,
      children: flat.map((k) => {
        // Drawn beside the comments they answer rather than under them: say whom they answer.
        const parent = byId.get(k.parentId!);
        const shown = parent && !parent.isDeleted ? parent : undefined;
        return {
          comment: k,
          depth: Math.min(depth + 1, maxDepth - 1),
          replyingTo: shown?.anonymousAs !== undefined ? { username: null, anonymousAs: shown.anonymousAs } : { username: shown?.author?.username ?? null },
          children: [],
        };
      }),
    };
  };

  return roots.map((c) => node(c, 0));
}

/** A parent chain that loops back (bad data) would recurse forever: such a comment is treated as a root. */
function createsCycle<C extends TreeComment>(c: C, byId: Map<number, C>): boolean {
  const seen = new Set<number>([c.id]);
  let cur = c.parentId != null ? byId.get(c.parentId) : undefined;
  while (cur) {
    if (seen.has(cur.id)) return true;
    seen.add(cur.id);
    cur = cur.parentId != null ? byId.get(cur.parentId) : undefined;
  }
  return false;
}

/** Every comment id in the tree, in display order (for tests and "is it loaded?" checks). */
export function flattenTree<C extends TreeComment>(nodes: readonly CommentNode<C>[]): number[] {
  const out: number[] = [];
  const walk = (list: readonly CommentNode<C>[]) => {
    for (const n of list) {
      out.push(n.comment.id);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
