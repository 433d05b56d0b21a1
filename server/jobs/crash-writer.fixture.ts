// Child process of crash.test.ts: the app on DATA_DIR (argv[2]) writes a post, then stops taking jobs,
// writes 20 comments (each answered 201, so committed with its outbox rows) and a chat message to a
// member away with a phone (argv[3]: its push subscription), and is killed (-9) before any notification
// or push is sent: the state a crash between commit and fan-out leaves.
import { desc } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addCategory, createComment, createPost } from '../test/forum.ts';
import { call, member } from '../test/members.ts';
import { PUSH_TEST_HOST } from '../test/push-service.ts';


const [dataDir, subscription] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: 'loopback', PUSH_ENDPOINT_HOSTS: PUSH_TEST_HOST }), database });
await app.ready();
const t = { app, database, outbox: () => database.db.select().from(emails).orderBy(desc(emails.id)) } as unknown as TestApp;
const author = await member(t);
// One comment each: a member's comments per minute are limited.
const commenters = [];
for (let i = 0; i < 20; i++) commenters.push(await member(t));
const post = await createPost(t, author.cookie, (await addCategory(database.db)).id);
const recipient = await member(t);
const answer = async (res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
};
await answer(await call(t, 'POST', '/api/push/subscriptions', { cookie: recipient.cookie, body: JSON.parse(subscription!) }));
const conversation = await answer(await call(t, 'POST', '/api/chat/start', { cookie: author.cookie, body: { recipientId: recipient.id } }));
await app.jobs.settled();
await app.jobs.close(); // from here nothing is fanned out
for (const [i, commenter] of commenters.entries()) await createComment(t, commenter.cookie, post.id, { content: `Stored before the crash, number ${i}` });
await answer(await call(t, 'POST', `/api/inbox/conversations/${conversation.id}/messages`, { cookie: author.cookie, body: { text: 'Sent just before the crash' } }));
process.stdout.write(`${JSON.stringify({ authorId: author.id, senderName: author.username })}\n`);
process.kill(process.pid, 'SIGKILL');
