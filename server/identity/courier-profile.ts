import { eq, sql, type SQL } from 'drizzle-orm';
import type { TCourierProfile, TVerifiedBadge } from '../../common/contracts/courier.ts';
import type { TDirectoryUser } from '../../common/contracts/members.ts';
import type { TCourierFacts, TProfileVisibility } from '../../common/rules/courier.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

// The courier profile (issue 32 item 1; docs/API.md "Courier profile"). Its fields live on the member's
// row, so the post page, a comment and a directory card read them with the author they already load.

/** The columns of a courier profile, for any select of users. */
export const courierColumns = {
  courierNetworks: users.courierNetworks,
  courierNetworksVisibility: users.courierNetworksVisibility,
  courierVehicle: users.courierVehicle,
  courierVehicleVisibility: users.courierVehicleVisibility,
  courierArea: users.courierArea,
  courierAreaVisibility: users.courierAreaVisibility,
  courierYears: users.courierYears,
  courierYearsVisibility: users.courierYearsVisibility,
  courierEngagement: users.courierEngagement,
  courierEngagementVisibility: users.courierEngagementVisibility,
  // The verified courier badge (issue 32 item 2), shown with the profile wherever it is.
  verifiedNetwork: users.verifiedNetwork,
  verifiedAt: users.verifiedAt,
};
export type CourierRow = { [K in keyof typeof courierColumns]: (typeof users.$inferSelect)[K] };

/** The reader: a guest (or anyone reading what guests read: a cached page, a feed), or a verified member. */
export type CourierReader = 'everyone' | 'members';

const shows = (visibility: string, reader: CourierReader) => visibility === 'everyone' || (reader === 'members' && visibility === 'members');

/** What `reader` may see of a profile; undefined when that is nothing (the field is then left out of the answer). */
export function courierFacts(row: CourierRow, reader: CourierReader): TCourierFacts | undefined {
  const f: TCourierFacts = {};
  if (row.courierNetworks.length > 0 && shows(row.courierNetworksVisibility, reader)) f.networks = row.courierNetworks;
  if (row.courierVehicle !== null && shows(row.courierVehicleVisibility, reader)) f.vehicle = row.courierVehicle;
  if (row.courierArea !== null && shows(row.courierAreaVisibility, reader)) f.area = row.courierArea;
  if (row.courierYears !== null && shows(row.courierYearsVisibility, reader)) f.yearsOnRoad = row.courierYears;
  if (row.courierEngagement !== null && shows(row.courierEngagementVisibility, reader)) f.engagement = row.courierEngagement;
  return Object.keys(f).length > 0 ? f : undefined;
}

/** The member's verified courier badge, shown to everyone; undefined when none. */
export const verifiedBadge = (row: Pick<CourierRow, 'verifiedNetwork' | 'verifiedAt'>): TVerifiedBadge | undefined =>
  row.verifiedNetwork && row.verifiedAt ? { network: row.verifiedNetwork, since: row.verifiedAt.toISOString() } : undefined;

/** What `reader` may see of a member's courier profile and their badge, as the answers carry them (absent when none). */
export function courierShown(row: CourierRow, reader: CourierReader): { courier?: TCourierFacts; verified?: TVerifiedBadge } {
  const courier = courierFacts(row, reader);
  const verified = verifiedBadge(row);
  return { ...(courier && { courier }), ...(verified && { verified }) };
}

/** A member as a card shows them (the directory, an area's members). */
export const presentMemberCard = (u: { id: number; username: string; avatar: string; statusText: string; createdAt: Date } & CourierRow, reader: CourierReader): TDirectoryUser => ({
  id: u.id,
  username: u.username,
  avatar: u.avatar,
  statusText: u.statusText,
  joinedDate: u.createdAt.toISOString(),
  ...courierShown(u, reader),
});

/** The member's own profile, every field with its visibility. */
export function presentCourierProfile(row: CourierRow): TCourierProfile {
  return {
    networks: row.courierNetworks as TCourierProfile['networks'],
    networksVisibility: row.courierNetworksVisibility as TProfileVisibility,
    vehicle: row.courierVehicle as TCourierProfile['vehicle'],
    vehicleVisibility: row.courierVehicleVisibility as TProfileVisibility,
    area: row.courierArea,
    areaVisibility: row.courierAreaVisibility as TProfileVisibility,
    yearsOnRoad: row.courierYears,
    yearsVisibility: row.courierYearsVisibility as TProfileVisibility,
    engagement: row.courierEngagement as TCourierProfile['engagement'],
    engagementVisibility: row.courierEngagementVisibility as TProfileVisibility,
  };
}

/** The row of a profile (what a deleted account is reset to: `courierRow(emptyCourierProfile)`). */
export function courierRow(p: TCourierProfile): Omit<CourierRow, 'verifiedNetwork' | 'verifiedAt'> {
  return {
    courierNetworks: p.networks,
    courierNetworksVisibility: p.networksVisibility,
    courierVehicle: p.vehicle,
    courierVehicleVisibility: p.vehicleVisibility,
    courierArea: p.area,
    courierAreaVisibility: p.areaVisibility,
    courierYears: p.yearsOnRoad,
    courierYearsVisibility: p.yearsVisibility,
    courierEngagement: p.engagement,
    courierEngagementVisibility: p.engagementVisibility,
  };
}

export const emptyCourierProfile: TCourierProfile = {
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
};

export async function loadCourierProfile(db: Db, userId: number): Promise<TCourierProfile> {
  const [row] = await db.select(courierColumns).from(users).where(eq(users.id, userId));
  return presentCourierProfile(row!);
}

export async function saveCourierProfile(db: Db, userId: number, profile: TCourierProfile, now: Date): Promise<TCourierProfile> {
  const [row] = await db
    .update(users)
    .set({ ...courierRow(profile), updatedAt: now })
    .where(eq(users.id, userId))
    .returning(courierColumns);
  return presentCourierProfile(row!);
}

/** The directory's courier filters (GET /api/directory/users network, area, vehicle). */
export type CourierFilter = { network?: string; area?: string; vehicle?: string };

/**
 * The directory's courier filters as conditions on users. Each matches only a field its member shows
 * to members or everyone (the directory is for verified members), written as the predicate of its
 * partial index (server/db/schema/users.ts) so the planner can use it: a field kept to oneself is
 * never matched, so neither a list nor its count tells anything of it.
 */
export function courierFilterConditions(f: CourierFilter): SQL[] {
  const c: SQL[] = [];
  if (f.network !== undefined)
    c.push(sql`(courier_networks_visibility <> 'nobody' and ${users.courierNetworks} @> array[${f.network}]::text[])`);
  if (f.area !== undefined) c.push(sql`(courier_area_visibility <> 'nobody' and ${users.courierArea} = ${f.area})`);
  if (f.vehicle !== undefined) c.push(sql`(courier_vehicle_visibility <> 'nobody' and ${users.courierVehicle} = ${f.vehicle})`);
  return c;
}
