import type { Tx } from '../client.ts';
import { payReports } from '../schema/index.ts';
import { ukToday } from '../../../common/pay-estimator.ts';
import { isPayOutlier, POSTCODE_AREA_REGION } from '../../../common/rules/pay.ts';
import { createRng } from './prng.ts';

// The demo Courier Pay Index (issue 19): enough weekly reports for Evri (North West, Yorkshire) and
// Amazon Flex (London, South East), from more than five members over five quarters, for /pay to show
// figures, regional figures and a trend; DPD and Yodel get a handful from too few members, so their
// cards say "Not enough reports yet". Evri has eleven members, so its card also shows the middle half
// (issue 28: from 10 members); Amazon Flex's eight show the median alone. Every one of them is a demo
// member old and active enough to count (level 1 or more, 14 days: the seed computes the levels), and
// the reports were sent days ago, so the snapshot `npm start` computes at once has these figures.

const SEED = 0x70617931; // "pay1"
const DAY = 86_400_000;

type Profile = {
  network: string;
  /** Demo members by username (demo-members.ts). */
  members: { username: string; area: string; vehicle: 'van' | 'car' | 'ev' }[];
  /** Net £/h range the weeks are drawn from, and gross per drop. */
  net: [number, number];
  weeks: number;
  everyNthWeek: number;
};

const PROFILES: Profile[] = [
  {
    network: 'evri',
    members: [
      { username: 'imran_q', area: 'BD', vehicle: 'car' },
      { username: 'dave_multidrop', area: 'LS', vehicle: 'van' },
      { username: 'fi_grant', area: 'DN', vehicle: 'car' },
      { username: 'kemi_rides', area: 'M', vehicle: 'car' },
      { username: 'lucy_broker', area: 'M', vehicle: 'van' },
      { username: 'liam_yodel', area: 'L', vehicle: 'van' },
      { username: 'karen_depot', area: 'WA', vehicle: 'van' },
      { username: 'yusuf_nights', area: 'BL', vehicle: 'car' },
      { username: 'beth_lloyd', area: 'SA', vehicle: 'car' },
      { username: 'chloe_rural', area: 'LD', vehicle: 'car' },
      { username: 'paulw_nottm', area: 'NG', vehicle: 'ev' },
    ],
    net: [9.5, 15.5],
    weeks: 64,
    everyNthWeek: 3,
  },
  {
    network: 'amazon-flex',
    members: [
      { username: 'jamal_flex', area: 'CR', vehicle: 'car' },
      { username: 'ade_supervisor', area: 'E', vehicle: 'van' },
      { username: 'stefan_lhr', area: 'TW', vehicle: 'car' },
      { username: 'aisha_ema', area: 'SE', vehicle: 'car' },
      { username: 'hannah_routes', area: 'N', vehicle: 'car' },
      { username: 'priya_on_wheels', area: 'MK', vehicle: 'car' },
      { username: 'neil_bookkeeper', area: 'RG', vehicle: 'ev' },
      { username: 'ollie_b', area: 'BN', vehicle: 'car' },
    ],
    net: [11, 18],
    weeks: 64,
    everyNthWeek: 3,
  },
  {
    network: 'dpd',
    members: [
      { username: 'tomek_dpd', area: 'B', vehicle: 'van' },
      { username: 'connor_new', area: 'SO', vehicle: 'van' },
      { username: 'jo_the_van', area: 'CF', vehicle: 'van' },
    ],
    net: [12, 17],
    weeks: 12,
    everyNthWeek: 4,
  },
  { network: 'yodel', members: [{ username: 'liam_yodel', area: 'L', vehicle: 'van' }], net: [10, 13], weeks: 8, everyNthWeek: 4 },
];

const round = (n: number, to = 100) => Math.round(n * to) / to;

/** The demo's pay reports, as rows for the members of `userIdByName`, weeks ending before `now`. */
export function planDemoPay(now: Date, userByName: Map<string, { id: number; joined: Date }>): (typeof payReports.$inferInsert)[] {
  const rng = createRng(SEED);
  const today = ukToday(now);
  // The Monday of the week before this one: the newest week reported.
  const t = Date.parse(`${today}T00:00:00Z`);
  const lastMonday = t - (((new Date(t).getUTCDay() + 6) % 7) + 7) * DAY;
  const rows: (typeof payReports.$inferInsert)[] = [];
  for (const p of PROFILES) {
    p.members.forEach((m, i) => {
      const user = userByName.get(m.username);
      if (!user) return;
      const userId = user.id;
      // Each member reports every few weeks, offset so the members do not all report the same weeks.
      for (let w = i % p.everyNthWeek; w < p.weeks; w += p.everyNthWeek) {
        const start = new Date(lastMonday - w * 7 * DAY).toISOString().slice(0, 10);
        const days = rng.int(4, 6);
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * DAY).toISOString().slice(0, 10);
        const hours = round(days * rng.int(80, 110) / 10, 10);
        // A slow rise over the months (rates and routes change), plus the week's luck.
        const drift = (p.weeks - w) / p.weeks;
        const net = p.net[0] + (p.net[1] - p.net[0]) * (0.3 * drift + 0.7 * rng.next());
        const miles = days * rng.int(m.vehicle === 'car' ? 40 : 60, m.vehicle === 'car' ? 90 : 130);
        const fuel = m.vehicle === 'ev' ? round(miles * 0.07) : round(miles * (m.vehicle === 'van' ? 0.24 : 0.16));
        const vehicleCost = m.vehicle === 'van' && rng.chance(0.5) ? 45 * days : 0;
        const insurance = round(days * 4.5);
        const other = rng.int(0, 15);
        const gross = round(net * hours + fuel + vehicleCost + insurance + other);
        if (isPayOutlier((gross - fuel - vehicleCost - insurance - other) / hours)) continue;
        // Sent the evening the period ended, or (for weeks before they joined) the day they joined.
        const sent = new Date(Math.min(now.getTime(), Math.max(user.joined.getTime(), Date.parse(`${end}T20:00:00Z`))));
        rows.push({
          userId,
          network: p.network,
          engagement: m.vehicle === 'van' && p.network === 'dpd' ? 'owner_driver' : 'self_employed',
          vehicle: m.vehicle,
          postcodeArea: m.area,
          region: POSTCODE_AREA_REGION[m.area]!,
          periodStart: start,
          periodEnd: end,
          hours,
          drops: days * rng.int(p.network === 'amazon-flex' ? 30 : 70, p.network === 'amazon-flex' ? 60 : 140),
          miles,
          grossPay: gross,
          costFuel: fuel,
          costVehicle: vehicleCost,
          costInsurance: insurance,
          costOther: other,
          createdAt: sent,
          updatedAt: sent,
        });
      }
    });
  }
  return rows;
}

/** Writes the demo pay reports (the caller holds the seed's transaction). */
export async function insertDemoPay(tx: Tx, now: Date, userByName: Map<string, { id: number; joined: Date }>): Promise<number> {
  const rows = planDemoPay(now, userByName);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(payReports).values(rows.slice(i, i + 500));
  return rows.length;
}
