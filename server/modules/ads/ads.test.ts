import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAdminAdSlot, ZAdminAdSlotList, ZAdSlotList, type TAdSlotCreateRequest } from '../../../common/contracts/ads.ts';
import { AD_MSG } from '../../../common/rules/ads.ts';
import { adSlots, auditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';

const native = (over: Partial<TAdSlotCreateRequest> = {}): TAdSlotCreateRequest => ({
  location: 'forum-header',
  adType: 'native',
  title: 'Van insurance from £49 a month',
  body: 'Courier cover, any-driver options.',
  linkUrl: 'https://insure.example/couriers',
  ...over,
});

describe.each(testDatabases)('ad slots on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let plain: Member;

  const db = () => t.database.db;
  const create = async (body: TAdSlotCreateRequest) => {
    const res = await call(t, 'POST', '/api/admin/ads', { cookie: admin.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return ZAdminAdSlot.parse(res.json());
  };
  const slots = async (query: string) => {
    const res = await call(t, 'GET', `/api/ads/slots?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZAdSlotList.parse(res.json());
  };
  const auditOf = (id: number) =>
    db().select().from(auditLog).where(and(eq(auditLog.targetType, 'ad'), eq(auditLog.targetId, String(id))));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [admin, plain] = [await member(t, 'admin'), await member(t)];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db().delete(adSlots);
  });

  describe('GET /api/ads/slots', () => {
    it('active slots of the location only, by position, in the spec §3 shape, cached 5 minutes', async () => {
      const second = await create(native({ location: 'forum-sidebar', position: 2, title: 'Second' }));
      const first = await create(native({ location: 'forum-sidebar', position: 1, title: 'First' }));
      await create(native({ location: 'forum-sidebar', position: 0, isActive: false, title: 'Off' }));
      await create(native({ location: 'forum-header', title: 'Elsewhere' }));

      const res = await call(t, 'GET', '/api/ads/slots?location=forum-sidebar');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const list = ZAdSlotList.parse(res.json());
      expect(list.map((s) => s.id)).toEqual([first.id, second.id]);
      expect(list[0]).toEqual({
        id: first.id,
        location: 'forum-sidebar',
        position: 1,
        isActive: true,
        adType: 'native',
        adSlotId: null,
        customHtml: null,
        width: null,
        height: null,
        isResponsive: true,
        deviceTarget: 'any',
        title: 'First',
        body: 'Courier cover, any-driver options.',
        linkUrl: 'https://insure.example/couriers',
        imageUrl: null,
      });
      expect(res.json()[0]).not.toHaveProperty('name');
    });

    it.each([
      ['forum-header', 1],
      ['forum-sidebar', 2],
      ['post-content', 1],
      ['post-footer', 3],
    ])('spec §9 maximum at %s: %i, the lowest positions', async (location, max) => {
      const made = [];
      for (let i = 5; i >= 1; i--) made.push(await create(native({ location, position: i * 10, title: `Ad ${i}` })));
      const list = await slots(`location=${location}&device=desktop`);
      expect(list.map((s) => s.position)).toEqual([10, 20, 30].slice(0, max));
    });

    it('device targeting: any always; mobile and desktop only for that device; neither without a device', async () => {
      const any = await create(native({ location: 'post-footer', position: 1, deviceTarget: 'any' }));
      const mobile = await create(native({ location: 'post-footer', position: 2, deviceTarget: 'mobile' }));
      const desktop = await create(native({ location: 'post-footer', position: 3, deviceTarget: 'desktop' }));
      expect((await slots('location=post-footer&device=mobile')).map((s) => s.id)).toEqual([any.id, mobile.id]);
      expect((await slots('location=post-footer&device=desktop')).map((s) => s.id)).toEqual([any.id, desktop.id]);
      expect((await slots('location=post-footer')).map((s) => s.id)).toEqual([any.id]);
    });

    it('the maximum counts after device targeting: a desktop-only first slot leaves the header to the mobile one on a phone', async () => {
      await create(native({ location: 'forum-header', position: 1, deviceTarget: 'desktop', title: 'Wide' }));
      await create(native({ location: 'forum-header', position: 2, deviceTarget: 'mobile', title: 'Narrow' }));
      expect((await slots('location=forum-header&device=mobile')).map((s) => s.title)).toEqual(['Narrow']);
      expect((await slots('location=forum-header&device=desktop')).map((s) => s.title)).toEqual(['Wide']);
    });

    it('an unknown location is simply empty', async () => {
      expect(await slots('location=nowhere')).toEqual([]);
    });

    it.each([
      ['', AD_MSG.locationRequired],
      ['location=', AD_MSG.locationRequired],
      ['location=Forum%20Header', AD_MSG.locationFormat],
      ['location=forum_header', AD_MSG.locationFormat],
      [`location=${'a'.repeat(41)}`, AD_MSG.locationFormat],
      ['location=forum-header&device=tablet', AD_MSG.deviceInvalid],
    ])('?%s: 400 %s', async (query, message) => {
      const res = await call(t, 'GET', `/api/ads/slots?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  describe('authorisation of /api/admin/ads', () => {
    it.each([
      ['GET', '/api/admin/ads'],
      ['POST', '/api/admin/ads'],
      ['PATCH', '/api/admin/ads/:id'],
      ['DELETE', '/api/admin/ads/:id'],
    ] as const)('%s %s: guest 401, unverified and member 403, nothing changes', async (method, url) => {
      const [row] = await db().insert(adSlots).values({ location: 'forum-header', adType: 'custom', customHtml: '<p>Keep</p>' }).returning();
      const target = url.replace(':id', String(row.id));
      const body = method === 'POST' ? native() : method === 'PATCH' ? { isActive: false } : undefined;
      expect((await call(t, method, target, { body })).statusCode).toBe(401);
      for (const who of [await member(t, 'unverified'), plain]) {
        const res = await call(t, method, target, { cookie: who.cookie, body });
        expect(res.statusCode).toBe(403);
      }
      expect(await db().select().from(adSlots)).toEqual([expect.objectContaining({ id: row.id, isActive: true, customHtml: '<p>Keep</p>' })]);
    });
  });

  describe('admin create, edit, delete', () => {
    it('creates each type with every field (201) and an audit entry', async () => {
      const adsense = await create({
        name: 'Header AdSense',
        location: 'forum-header',
        position: 1,
        adType: 'adsense',
        adSlotId: '1234567890',
        width: 728,
        height: 90,
        isResponsive: false,
        deviceTarget: 'desktop',
      });
      expect(adsense).toMatchObject({ name: 'Header AdSense', adSlotId: '1234567890', width: 728, height: 90, isResponsive: false, deviceTarget: 'desktop' });
      const custom = await create({ location: 'post-content', adType: 'custom', customHtml: '<a href="https://x.example">Hi</a>' });
      expect(custom).toMatchObject({ name: '', position: 0, isActive: true, isResponsive: true, deviceTarget: 'any', customHtml: '<a href="https://x.example">Hi</a>' });
      const card = await create(native({ imageUrl: '/images/van.webp' }));
      expect(card).toMatchObject({ adType: 'native', imageUrl: '/images/van.webp' });
      expect(await auditOf(adsense.id)).toEqual([
        expect.objectContaining({ actorId: admin.id, action: 'ad.create', details: { name: 'Header AdSense', location: 'forum-header', adType: 'adsense' } }),
      ]);

      const res = await call(t, 'GET', '/api/admin/ads', { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(ZAdminAdSlotList.parse(res.json()).map((a) => a.id).sort()).toEqual([adsense.id, custom.id, card.id].sort());
    });

    it('custom HTML up to 20 kB (in UTF-8 bytes)', async () => {
      await create({ location: 'post-content', adType: 'custom', customHtml: 'x'.repeat(20 * 1024) });
      const res = await call(t, 'POST', '/api/admin/ads', {
        cookie: admin.cookie,
        body: { location: 'post-content', adType: 'custom', customHtml: '£'.repeat(10 * 1024 + 1) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: AD_MSG.customHtmlMax, errors: { customHtml: AD_MSG.customHtmlMax } });
    });

    it.each([
      [{ location: 'forum-header', adType: 'adsense' }, 'adSlotId', AD_MSG.adSlotIdRequired],
      [{ location: 'forum-header', adType: 'adsense', adSlotId: 'ca-pub-1' }, 'adSlotId', AD_MSG.adSlotIdFormat],
      [{ location: 'forum-header', adType: 'custom' }, 'customHtml', AD_MSG.customHtmlRequired],
      [{ location: 'forum-header', adType: 'custom', customHtml: '   ' }, 'customHtml', AD_MSG.customHtmlRequired],
      [native({ title: '' }), 'title', AD_MSG.titleRequired],
      [native({ linkUrl: null }), 'linkUrl', AD_MSG.linkRequired],
      [native({ linkUrl: 'http://insure.example' }), 'linkUrl', AD_MSG.linkHttps],
      [native({ linkUrl: 'javascript:alert(1)' }), 'linkUrl', AD_MSG.linkHttps],
      [native({ imageUrl: 'javascript:alert(1)' }), 'imageUrl', AD_MSG.imageUrl],
      [native({ imageUrl: '//evil.example/x.png' }), 'imageUrl', AD_MSG.imageUrl],
      [native({ title: 'x'.repeat(121) }), 'title', AD_MSG.titleMax],
      [native({ body: 'x'.repeat(501) }), 'body', AD_MSG.bodyMax],
      [native({ location: '' }), 'location', AD_MSG.locationRequired],
      [native({ location: 'Forum Header' }), 'location', AD_MSG.locationFormat],
      [native({ position: -1 }), 'position', AD_MSG.positionInvalid],
      [native({ position: 1.5 }), 'position', AD_MSG.positionInvalid],
      [native({ width: 0 }), 'width', AD_MSG.sizeInvalid],
      [native({ height: 5000 }), 'height', AD_MSG.sizeInvalid],
      [native({ deviceTarget: 'tablet' as 'any' }), 'deviceTarget', AD_MSG.deviceTargetInvalid],
      [{ ...native(), adType: 'banner' as 'native' }, 'adType', AD_MSG.typeInvalid],
      [native({ name: 'x'.repeat(101) }), 'name', AD_MSG.nameMax],
    ])('POST %j: 400 on %s, nothing stored', async (body, field, message) => {
      const res = await call(t, 'POST', '/api/admin/ads', { cookie: admin.cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
      expect(await db().select().from(adSlots)).toEqual([]);
    });

    it('PATCH changes fields, checks the rules on the slot as it will be, and audits', async () => {
      const ad = await create(native({ position: 5 }));
      const ok = await call(t, 'PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { position: 1, isActive: false, imageUrl: null } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: ad.id, position: 1, isActive: false, title: native().title });
      expect(await slots('location=forum-header&device=desktop')).toEqual([]);

      // Turning a native ad into a custom one without HTML is refused; with HTML it is fine.
      const bad = await call(t, 'PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { adType: 'custom' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: AD_MSG.customHtmlRequired, errors: { customHtml: AD_MSG.customHtmlRequired } });
      const clear = await call(t, 'PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { linkUrl: null } });
      expect(clear.statusCode).toBe(400);
      expect(clear.json().message).toBe(AD_MSG.linkRequired);
      const [row] = await db().select().from(adSlots).where(eq(adSlots.id, ad.id));
      expect(row).toMatchObject({ adType: 'native', linkUrl: native().linkUrl, position: 1 });

      const good = await call(t, 'PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { adType: 'custom', customHtml: '<p>Now custom</p>', isActive: true } });
      expect(good.statusCode, good.body).toBe(200);
      expect((await slots('location=forum-header&device=mobile')).map((s) => s.customHtml)).toEqual(['<p>Now custom</p>']);

      const audit = await auditOf(ad.id);
      expect(audit.map((a) => a.action)).toEqual(['ad.create', 'ad.update', 'ad.update']);
      expect(audit[1].details).toEqual({ changed: ['position', 'isActive'] });
    });

    it('PATCH with nothing: 400; unknown id: 404', async () => {
      const ad = await create(native());
      const empty = await call(t, 'PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(AD_MSG.nothingToUpdate);
      for (const id of ['999999', 'x1']) {
        const res = await call(t, 'PATCH', `/api/admin/ads/${id}`, { cookie: admin.cookie, body: { position: 1 } });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(AD_MSG.notFound);
      }
    });

    it('DELETE: 204 and audited; again 404', async () => {
      const ad = await create(native());
      expect((await call(t, 'DELETE', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie })).statusCode).toBe(204);
      expect(await db().select().from(adSlots)).toEqual([]);
      const again = await call(t, 'DELETE', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie });
      expect(again.statusCode).toBe(404);
      expect((await auditOf(ad.id)).map((a) => a.action)).toEqual(['ad.create', 'ad.delete']);
    });
  });
});
