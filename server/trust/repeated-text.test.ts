import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldItems } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../test/forum.ts';
import { insertMember } from '../test/members.ts';
import { comments, posts } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { repeatedText } from './repeated-text.ts';

const SPAM = 'Work from the van and earn big money, message me for the details today';

describe.each(testDatabases)('repeated text (%s)', (kind) => {
  let t: TestApp;
  let a: number;
  let b: number;
  let categoryId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    a = (await insertMember(t)).id;
    b = (await insertMember(t)).id;
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('finds a text sent in the last day by the author or someone else, as a post, a comment or a held item, whatever its case', async () => {
    const db = t.database.db;
    const now = new Date();
    expect(await repeatedText(db, a, SPAM, now)).toBeNull();
    const post = await insertPost(db, { categoryId, authorId: b });
    await db.update(posts).set({ content: SPAM }).where(eq(posts.id, post.id));
    expect(await repeatedText(db, a, SPAM.toUpperCase(), now)).toBe('others');
    expect(await repeatedText(db, b, SPAM, now)).toBe('own');
    // A day later it is new again.
    expect(await repeatedText(db, a, SPAM, new Date(now.getTime() + 25 * 3_600_000))).toBeNull();

    const other = `${SPAM} (again)`;
    const comment = await insertComment(db, { postId: post.id, authorId: a });
    await db.update(comments).set({ content: other }).where(eq(comments.id, comment.id));
    expect(await repeatedText(db, b, other, now)).toBe('others');

    const held = `${SPAM} (held)`;
    await db.insert(heldItems).values({ kind: 'comment', authorId: b, postId: post.id, content: held, reason: 'link' });
    expect(await repeatedText(db, a, held, now)).toBe('others');
  });

  it('never counts a short everyday text as repeated', async () => {
    expect(await repeatedText(t.database.db, a, 'Same here, thanks!', new Date())).toBeNull();
  });
});
