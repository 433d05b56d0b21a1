import { count, eq, inArray } from 'drizzle-orm';
import type { TCreateWatchedWord, TReviewSettings, TWatchedWord } from '../../../common/contracts/review.ts';
import { WATCHED_MSG, WATCHED_WORDS_MAX } from '../../../common/rules/review.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users, watchedWords } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { compileWords, loadWatchedWords, phraseProblem, readReviewSettings, writeReviewSettings } from '../../trust/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';

// The admins' watched words and review setting (issue 28; docs/API.md "Review queue and watched
// words"). Each change is audited in its own transaction; a change of the words is published in it too
// ('watched_words.changed', issue 29) so every process compiles its matcher again once it commits
// (server/trust/watched-words.ts) before the next write it serves: in this process before the answer goes.

type Row = typeof watchedWords.$inferSelect;

async function present(db: Db, rows: Row[]): Promise<TWatchedWord[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))];
  const names = new Map(
    ids.length === 0 ? [] : (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.username]),
  );
  return rows.map((r) => ({
    id: r.id,
    phrase: r.phrase,
    action: r.action,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy !== null && names.has(r.createdBy) ? { username: names.get(r.createdBy)! } : null,
  }));
}

/** Spaces made one, wildcard runs made one `*`: how the phrase is kept and shown. */
const tidy = (phrase: string) => phrase.trim().replace(/\s+/g, ' ').replace(/\*+/g, '*');

/** Whether the phrase compiles (it always should: everything but `*` is escaped), so a word on the list is a word in force. */
function compiles(phrase: string): boolean {
  try {
    compileWords([{ phrase, action: 'block' }]).scan(phrase);
    return true;
  } catch {
    return false;
  }
}


export function createWatchedWordAdmin({ db, clock, events }: Pick<Core, 'db' | 'clock' | 'events'>) {
  const changed = (tx: Tx) => events.publish('watched_words.changed', {}, tx);
  return {
    list: async () => ({ words: await present(db, await loadWatchedWords(db)) }),

    /** POST /api/admin/watched-words: 400 for a phrase of wildcards alone, 409 when on the list. */
    async create(adminId: number, input: TCreateWatchedWord): Promise<TWatchedWord> {
      const phrase = tidy(input.phrase);
      const problem = phraseProblem(phrase) ?? (compiles(phrase) ? null : WATCHED_MSG.phraseInvalid);
      if (problem) throw badRequest(problem, { phrase: problem });
      let row: Row | undefined;
      try {
        row = await db.transaction(async (tx) => {
          const [n] = await tx.select({ n: count() }).from(watchedWords);
          if (Number(n.n) >= WATCHED_WORDS_MAX) throw badRequest(WATCHED_MSG.tooMany);
          const [inserted] = await tx.insert(watchedWords).values({ phrase, action: input.action, createdBy: adminId, createdAt: clock.now() }).onConflictDoNothing().returning();
          if (!inserted) throw conflict(WATCHED_MSG.duplicate, { phrase: WATCHED_MSG.duplicate });
          await recordAudit(tx, { actorId: adminId, action: 'watched_word.create', targetType: 'watched_word', targetId: inserted.id, details: { phrase, action: input.action } });
          await changed(tx);
          return inserted;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(WATCHED_MSG.duplicate, { phrase: WATCHED_MSG.duplicate });
        throw err;
      }
      return (await present(db, [row]))[0];
    },

    /** DELETE /api/admin/watched-words/:id. */
    async remove(adminId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(watchedWords).where(eq(watchedWords.id, id)).returning();
        if (!gone) throw notFound(WATCHED_MSG.notFound);
        await recordAudit(tx, { actorId: adminId, action: 'watched_word.delete', targetType: 'watched_word', targetId: id, details: { phrase: gone.phrase, action: gone.action } });
        await changed(tx);
      });
    },

    settings: () => readReviewSettings(db),

    /** PUT /api/admin/review-settings: stored with its audit entry. Read on every write that may be held: no cache to drop. */
    async saveSettings(adminId: number, settings: TReviewSettings): Promise<TReviewSettings> {
      await db.transaction(async (tx) => {
        const before = await readReviewSettings(tx);
        await writeReviewSettings(tx, settings, clock.now());
        await recordAudit(tx, { actorId: adminId, action: 'review.settings', targetType: 'site', targetId: 'review', details: { before, after: settings } });
      });
      return settings;
    },
  };
}
export type WatchedWordAdmin = ReturnType<typeof createWatchedWordAdmin>;
