import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The Courier Pay Index (server/modules/pay): one member's pay for a day or a week they worked on one
 * network. Never shown to anyone but its author and admins; the index publishes only aggregates that
 * rest on enough reports from enough members. The postcode is kept only as its area (`M`, `BS`).
 */
export const payReports = pgTable(
  'pay_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    engagement: text('engagement').notNull(),
    vehicle: text('vehicle').notNull(),
    postcodeArea: text('postcode_area').notNull(),
    region: text('region').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    hours: doublePrecision('hours').notNull(),
    drops: integer('drops').notNull(),
    miles: doublePrecision('miles').notNull(),
    grossPay: doublePrecision('gross_pay').notNull(),
    costFuel: doublePrecision('cost_fuel').notNull().default(0),
    costVehicle: doublePrecision('cost_vehicle').notNull().default(0),
    costInsurance: doublePrecision('cost_insurance').notNull().default(0),
    costOther: doublePrecision('cost_other').notNull().default(0),
    /** Net £ per hour after costs: what the index is made of. */
    netHourly: doublePrecision('net_hourly')
      .notNull()
      .generatedAlwaysAs(sql`(gross_pay - cost_fuel - cost_vehicle - cost_insurance - cost_other) / hours`),
    /** Kept out of the figures (visible to admins), with why. */
    outlier: boolean('outlier').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_reports_member_network_period_key').on(t.userId, t.network, t.periodStart),
    index('pay_reports_user_idx').on(t.userId, t.periodStart.desc().nullsFirst()),
    index('pay_reports_index_idx').on(t.network, t.periodStart).where(sql`outlier = false`),
    check('pay_reports_hours_check', sql`hours > 0`),
    check('pay_reports_period_check', sql`period_end >= period_start`),
  ],
);
