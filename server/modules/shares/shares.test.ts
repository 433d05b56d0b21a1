import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShareEvent } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import { posts, shareEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, post, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertPost } from '../../test/forum.ts';
import { suspend } from '../../test/members.ts';
import { SHARES_PER_MINUTE } from './routes.ts';

type Member = { id: number; cookie: string };
const URL = '/api/forum/posts/share';

describe.each(testDatabases)('share API (%s)', (kind) => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let suspended: Member;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUp(t);
    bob = await signUp(t);
    suspended = await signUp(t);
    await suspend(t.database.db, suspended.id);
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const freshPost = (deleted = false) => insertPost(db(), { categoryId, authorId: alice.id, deleted });
  const event = (postId: number, overrides: Partial<Record<keyof TShareEvent, unknown>> = {}) => ({
    postId,
    platform: 'whatsapp',
    shareMethod: 'web',
    utmSource: 'kerbside',
    utmMedium: 'social',
    utmCampaign: 'forum_post_sharing_2025',
    utmContent: 'post_card',
    referrerUrl: 'http://localhost:5000/forum',
    deviceType: 'mobile',
    success: true,
    ...overrides,
  });
  const share = (body: object, cookie?: string, ip?: string) => post(t, URL, body, { cookie, ip });
  const shareCount = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0].shareCount;
  const events = (postId: number) => db().select().from(shareEvents).where(eq(shareEvents.postId, postId)).orderBy(shareEvents.id);

  it('stores a guest’s share without a member and counts it', async () => {
    const p = await freshPost();
    const res = await share(event(p.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ shareCount: 1 });
    expect(await shareCount(p.id)).toBe(1);
    const [row] = await events(p.id);
    expect(row).toMatchObject({
      postId: p.id,
      userId: null,
      platform: 'whatsapp',
      shareMethod: 'web',
      utmSource: 'kerbside',
      utmMedium: 'social',
      utmCampaign: 'forum_post_sharing_2025',
      utmContent: 'post_card',
      referrerUrl: 'http://localhost:5000/forum',
      deviceType: 'mobile',
      success: true,
      errorMessage: null,
    });
  });

  it('stores the member when signed in; another member’s share counts too', async () => {
    const p = await freshPost();
    expect((await share(event(p.id, { platform: 'copy', shareMethod: 'clipboard' }), alice.cookie)).json()).toEqual({ shareCount: 1 });
    expect((await share(event(p.id, { platform: 'native', shareMethod: 'native' }), bob.cookie)).json()).toEqual({ shareCount: 2 });
    // A suspended account is a guest: its share is kept, without the account.
    expect((await share(event(p.id), suspended.cookie)).json()).toEqual({ shareCount: 3 });
    expect((await events(p.id)).map((e) => e.userId)).toEqual([alice.id, bob.id, null]);
  });

  it('stores a failed share with its message but does not count it', async () => {
    const p = await freshPost();
    await share(event(p.id));
    const res = await share(event(p.id, { platform: 'native', shareMethod: 'native', success: false, errorMessage: 'AbortError: Share canceled' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ shareCount: 1 });
    expect(await shareCount(p.id)).toBe(1);
    const rows = await events(p.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ success: false, errorMessage: 'AbortError: Share canceled' });
  });

  it('takes absent, null and empty optional fields as not given', async () => {
    const p = await freshPost();
    const minimal = { postId: p.id, platform: 'email', shareMethod: 'web', deviceType: 'desktop', success: true };
    expect((await share(minimal)).statusCode).toBe(201);
    expect((await share({ ...minimal, utmSource: null, referrerUrl: '', errorMessage: null })).statusCode).toBe(201);
    for (const row of await events(p.id)) {
      expect(row).toMatchObject({ utmSource: null, utmMedium: null, utmCampaign: null, utmContent: null, referrerUrl: null, errorMessage: null });
    }
    expect(await shareCount(p.id)).toBe(2);
  });

  it('rejects bad fields with a message and stores nothing', async () => {
    const p = await freshPost();
    const cases: Array<[object, string, string]> = [
      [event(p.id, { platform: 'myspace' }), 'platform', 'Platform must be one of native, facebook, x, linkedin, whatsapp, email, copy'],
      [event(p.id, { shareMethod: 'carrier-pigeon' }), 'shareMethod', 'Share method must be one of native, web, clipboard'],
      [event(p.id, { deviceType: 'watch' }), 'deviceType', 'Device type must be one of mobile, tablet, desktop'],
      [event(p.id, { deviceType: undefined }), 'deviceType', 'Device type must be one of mobile, tablet, desktop'],
      [event(p.id, { success: 'yes' }), 'success', 'Success must be true or false'],
      [event(p.id, { utmSource: 'x'.repeat(101) }), 'utmSource', 'UTM source must be at most 100 characters'],
      [event(p.id, { utmMedium: 'x'.repeat(101) }), 'utmMedium', 'UTM medium must be at most 100 characters'],
      [event(p.id, { utmCampaign: 'x'.repeat(101) }), 'utmCampaign', 'UTM campaign must be at most 100 characters'],
      [event(p.id, { utmContent: 'x'.repeat(101) }), 'utmContent', 'UTM content must be at most 100 characters'],
      [event(p.id, { referrerUrl: 'x'.repeat(2001) }), 'referrerUrl', 'Referrer URL must be at most 2000 characters'],
      [event(p.id, { success: false, errorMessage: 'x'.repeat(501) }), 'errorMessage', 'Error message must be at most 500 characters'],
      [event(p.id, { utmSource: 42 }), 'utmSource', 'UTM source must be text'],
      [event(p.id, { postId: String(p.id) }), 'postId', 'Post id must be a number'],
      [event(p.id, { postId: 1.5 }), 'postId', 'Post id must be a whole number'],
      [event(p.id, { postId: -3 }), 'postId', 'Post id must be a whole number'],
      [event(p.id, { postId: 2 ** 31 }), 'postId', 'Post id is too large'],
    ];
    for (const [body, field, message] of cases) {
      const res = await share(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    // At the limits is fine.
    const atLimits = event(p.id, { utmSource: 'x'.repeat(100), referrerUrl: 'x'.repeat(2000), success: false, errorMessage: 'x'.repeat(500) });
    expect((await share(atLimits)).statusCode).toBe(201);
    expect(await events(p.id)).toHaveLength(1);
    expect(await shareCount(p.id)).toBe(0);
  });

  it('answers 404 for a missing or deleted post and stores nothing', async () => {
    const gone = await freshPost(true);
    for (const body of [event(gone.id), event(gone.id, { success: false }), event(2_000_000_000)]) {
      const res = await share(body, alice.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ENGAGEMENT_MSG.postNotFound });
    }
    expect(await events(gone.id)).toHaveLength(0);
    expect(await shareCount(gone.id)).toBe(0);
  });

  it(`limits one address to ${SHARES_PER_MINUTE} shares a minute`, async () => {
    const p = await freshPost();
    const ip = freshIp();
    for (let i = 0; i < SHARES_PER_MINUTE; i++) expect((await share(event(p.id), undefined, ip)).statusCode).toBe(201);
    const res = await share(event(p.id), undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: ENGAGEMENT_MSG.shareLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await shareCount(p.id)).toBe(SHARES_PER_MINUTE);
    // Another address is not affected.
    expect((await share(event(p.id), undefined, freshIp())).statusCode).toBe(201);
  });
});
