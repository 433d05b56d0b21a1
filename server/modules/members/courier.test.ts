import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourierProfileInput } from '../../../common/contracts/courier.ts';
import type { TDirectoryResponse } from '../../../common/contracts/members.ts';
import { COURIER_MSG, courierFactsLine } from '../../../common/rules/courier.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, PASSWORD, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, insertMember, member, type Member } from '../../test/members.ts';

// Issue 32 item 1: the courier profile. Each field is shown only as far as its member chose: the
// attacker here is any number of fresh verified accounts (and guests) trying to read, or make the
// directory's filters tell, what a member keeps to themselves.

const put = (t: TestApp, cookie: string, body: TCourierProfileInput) => call(t, 'PUT', '/api/profile/courier', { cookie, body });

describe('courier facts line', () => {
  it('names networks, vehicle, area, years and engagement in words', () => {
    expect(courierFactsLine({ networks: ['evri', 'dpd'], vehicle: 'van', area: 'LS', yearsOnRoad: 6, engagement: 'owner_driver' })).toBe(
      'Evri, DPD · Van (petrol or diesel) · LS · 6 years on the road · Owner driver',
    );
    expect(courierFactsLine({ yearsOnRoad: 1 })).toBe('1 year on the road');
    expect(courierFactsLine({})).toBe('');
  });
});

describe.each(testDatabases)('courier profile (%s)', (kind) => {
  let t: TestApp;
  let driver: Member;
  let reader: Member;
  let unverified: Member;
  let suspended: Member;
  let categoryId: number;
  let slug: string;
  const tag = unique('cp').toLowerCase();
  const full: TCourierProfileInput = {
    networks: ['evri', 'amazon-flex'],
    networksVisibility: 'everyone',
    vehicle: 'van',
    vehicleVisibility: 'nobody',
    area: 'LS',
    areaVisibility: 'members',
    yearsOnRoad: 7,
    yearsVisibility: 'everyone',
    engagement: 'owner_driver',
    engagementVisibility: 'members',
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    driver = await member(t);
    reader = await member(t);
    unverified = await member(t, 'unverified');
    suspended = await member(t, 'suspended');
    // A status only these tests' members share, so directory searches see no one else.
    await t.database.db.update(users).set({ statusText: `Driver ${tag}` }).where(eq(users.id, driver.id));
    categoryId = (await addCategory(t.database.db)).id;
    const p = await createPost(t, driver.cookie, categoryId);
    slug = p.slug;
    await createComment(t, driver.cookie, p.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a guest and a suspended account hear 401; a new member reads an empty profile, every field for members', async () => {
    for (const cookie of [undefined, suspended.cookie]) {
      expect((await get(t, '/api/profile/courier', cookie)).statusCode).toBe(401);
      expect((await put(t, cookie ?? '', full)).statusCode).toBe(401);
    }
    const res = await get(t, '/api/profile/courier', reader.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      networks: [],
      networksVisibility: 'members',
      vehicle: null,
      vehicleVisibility: 'members',
      area: null,
      areaVisibility: 'members',
      yearsOnRoad: null,
      yearsVisibility: 'members',
      engagement: null,
      engagementVisibility: 'members',
    });
  });

  it('refuses bad input with its message and changes nothing', async () => {
    expect((await put(t, driver.cookie, full)).statusCode).toBe(200);
    const before = (await get(t, '/api/profile/courier', driver.cookie)).json();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ networks: ['evri', 'tesco'] }, COURIER_MSG.networkInvalid],
      [{ networks: 'evri' }, COURIER_MSG.networkInvalid],
      [{ networks: ['evri', 'dpd', 'yodel', 'ups', 'dhl', 'fedex', 'inpost'] }, COURIER_MSG.networksMax],
      [{ networks: ['evri', 'evri'] }, COURIER_MSG.networksRepeated],
      [{ networks: ['other'] }, COURIER_MSG.networkInvalid],
      [{ vehicle: 'lorry' }, COURIER_MSG.vehicleInvalid],
      // The letters of an area only: never a district, let alone a postcode.
      [{ area: 'LS6' }, COURIER_MSG.areaInvalid],
      [{ area: 'LS6 1AB' }, COURIER_MSG.areaInvalid],
      [{ area: 'QQ' }, COURIER_MSG.areaInvalid],
      [{ area: 12 }, COURIER_MSG.areaInvalid],
      [{ yearsOnRoad: 61 }, COURIER_MSG.yearsInvalid],
      [{ yearsOnRoad: -1 }, COURIER_MSG.yearsInvalid],
      [{ yearsOnRoad: 2.5 }, COURIER_MSG.yearsInvalid],
      [{ yearsOnRoad: '5' }, COURIER_MSG.yearsInvalid],
      [{ engagement: 'boss' }, COURIER_MSG.engagementInvalid],
      [{ areaVisibility: 'friends' }, COURIER_MSG.visibilityInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await put(t, driver.cookie, { ...full, ...body } as TCourierProfileInput);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await get(t, '/api/profile/courier', driver.cookie)).json()).toEqual(before);
  });

  it('saves the whole profile: an area in any case is stored as its capitals, a field left out is cleared', async () => {
    const res = await put(t, reader.cookie, { area: ' m ', areaVisibility: 'everyone', networks: ['dpd'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ area: 'M', areaVisibility: 'everyone', networks: ['dpd'], vehicle: null, networksVisibility: 'members' });
    const cleared = await put(t, reader.cookie, {});
    expect(cleared.json()).toMatchObject({ area: null, networks: [], areaVisibility: 'members' });
  });

  it('a profile shows a verified member the members and everyone fields; an unverified account only everyone; nobody never', async () => {
    expect((await put(t, driver.cookie, full)).statusCode).toBe(200);
    const asMember = await get(t, `/api/users/${driver.username}`, reader.cookie);
    expect(asMember.json().courier).toEqual({ networks: ['evri', 'amazon-flex'], area: 'LS', yearsOnRoad: 7, engagement: 'owner_driver' });
    const asUnverified = await get(t, `/api/users/${driver.username}`, unverified.cookie);
    expect(asUnverified.json().courier).toEqual({ networks: ['evri', 'amazon-flex'], yearsOnRoad: 7 });
    expect(asMember.body).not.toContain('"van"');
  });

  it('beside a post and a reply, every reader (a guest, a member, the author) sees only the everyone fields', async () => {
    expect((await put(t, driver.cookie, full)).statusCode).toBe(200);
    for (const cookie of [undefined, reader.cookie, driver.cookie]) {
      const page = await get(t, `/api/forum/posts/${slug}`, cookie);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.author.courier).toEqual({ networks: ['evri', 'amazon-flex'], yearsOnRoad: 7 });
      expect(page.body).not.toMatch(/"LS"|owner_driver|"van"/);
      const replies = await get(t, `/api/forum/posts/${body.id}/comments`, cookie);
      expect(replies.json().comments[0].author.courier).toEqual({ networks: ['evri', 'amazon-flex'], yearsOnRoad: 7 });
    }
    // The guest's cached page follows the next change at once.
    expect((await put(t, driver.cookie, { ...full, networksVisibility: 'nobody', yearsVisibility: 'members' })).statusCode).toBe(200);
    const after = await get(t, `/api/forum/posts/${slug}`);
    expect(after.json().author.courier).toBeUndefined();
    const html = await get(t, `/forum/posts/${slug}`);
    expect(html.body).not.toMatch(/Amazon Flex|amazon-flex/);
  });

  describe('directory filters', () => {
    const dir = async (query: string, cookie = reader.cookie) => {
      const res = await get(t, `/api/directory/users?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TDirectoryResponse;
    };

    it('match only a field shown to members or everyone: a hidden field matches nothing, nor counts', async () => {
      expect((await put(t, driver.cookie, full)).statusCode).toBe(200);
      const byArea = await dir(`q=${tag}&area=ls`);
      expect(byArea.users.map((u) => u.id)).toEqual([driver.id]);
      expect(byArea.users[0].courier).toEqual({ networks: ['evri', 'amazon-flex'], area: 'LS', yearsOnRoad: 7, engagement: 'owner_driver' });
      expect((await dir(`q=${tag}&network=evri`)).users.map((u) => u.id)).toEqual([driver.id]);
      expect((await dir(`q=${tag}&network=evri&area=LS`)).totalCount).toBe(1);
      // The vehicle is theirs alone: the filter neither lists nor counts them.
      const byVan = await dir(`q=${tag}&vehicle=van`);
      expect(byVan).toMatchObject({ users: [], totalCount: 0 });
      // Hiding the area takes them out of its filter at once.
      expect((await put(t, driver.cookie, { ...full, areaVisibility: 'nobody' })).statusCode).toBe(200);
      expect((await dir(`q=${tag}&area=LS`)).totalCount).toBe(0);
      expect((await dir(`q=${tag}`)).users[0].courier).not.toHaveProperty('area');
    });

    it('a filter without a search lists every matching member, and fresh accounts learn nothing more', async () => {
      const area = 'ZE'; // Shetland: no other test member lives there
      const shown = await insertMember(t);
      const hidden = await insertMember(t);
      expect((await put(t, shown.cookie, { area, areaVisibility: 'members' })).statusCode).toBe(200);
      expect((await put(t, hidden.cookie, { area, areaVisibility: 'nobody', vehicle: 'bike', vehicleVisibility: 'nobody' })).statusCode).toBe(200);
      const ring = await Promise.all([insertMember(t), insertMember(t), insertMember(t), insertMember(t)]);
      for (const m of ring) {
        const r = await dir(`area=${area}`, m.cookie);
        expect(r.users.map((u) => u.id)).toEqual([shown.id]);
        expect(r.totalCount).toBe(1);
        expect((await dir(`area=${area}&vehicle=bike`, m.cookie)).totalCount).toBe(0);
        expect((await get(t, `/api/users/${hidden.username}`, m.cookie)).json().courier).toBeUndefined();
      }
    });

    it('refuses an unknown filter with its message; a blank one is no filter', async () => {
      for (const [query, message] of [
        ['network=tesco', COURIER_MSG.networkInvalid],
        ['area=LS6', COURIER_MSG.areaInvalid],
        ['vehicle=lorry', COURIER_MSG.vehicleInvalid],
      ]) {
        const res = await get(t, `/api/directory/users?${query}`, reader.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const all = await dir('network=&area=&vehicle=');
      expect(all.totalCount).toBe(all.verifiedCount);
    });
  });

  it('the data export carries the whole profile; deleting the account clears it', async () => {
    const m = await member(t);
    expect((await put(t, m.cookie, full)).statusCode).toBe(200);
    const exported = await get(t, '/api/auth/me/export', m.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().profile.courier).toMatchObject({ networks: ['evri', 'amazon-flex'], vehicle: 'van', vehicleVisibility: 'nobody', area: 'LS' });
    expect((await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: PASSWORD } })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ courierNetworks: [], courierVehicle: null, courierArea: null, courierYears: null, courierEngagement: null });
  });
});
