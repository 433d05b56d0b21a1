import type { FastifyPluginAsync } from 'fastify';
import {
  createPayReport,
  deletePayReport,
  getPayIndex,
  listAdminPayReports,
  listMyPayReports,
  updatePayReport,
} from '../../../common/contracts/pay.ts';
import { PAY_LICENCE, PAY_MSG, payNetworkName, payRegionName } from '../../../common/rules/pay.ts';
import { VEHICLE_LABELS, type Vehicle } from '../../../common/pay-estimator.ts';
import { requireAdmin, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { PayAggregates, PayService } from './service.ts';

/**
 * The Courier Pay Index (docs/API.md "Courier Pay Index"): verified members report and manage their
 * pay reports; anyone reads the aggregates (JSON, and the CSV under an open licence), both from the
 * newest daily snapshot; admins list every report, outliers included, and remove any through
 * DELETE /api/pay-reports/:id.
 * Authorisation at preValidation: a guest hears 401 before any validation message.
 */
export const payRoutes: FastifyPluginAsync<{ pay: PayService }> = async (app, { pay }) => {
  const verified = { preValidation: requireVerified };
  // Sending and editing a report draw on one allowance (MEMBER_LIMITS.payReport).
  const limit = memberLimit(app, 'payReport');

  route(app, createPayReport, { ...verified, preHandler: limit }, async (req, reply) => reply.code(201).send(await pay.create(req.user!, req.body)));
  route(app, listMyPayReports, verified, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return pay.listMine(req.user!.id);
  });
  route(app, updatePayReport, { ...verified, preHandler: limit }, async (req) => pay.update(req.user!, req.params.id, req.body));
  route(app, deletePayReport, verified, async (req) => {
    await pay.remove(req.user!, req.params.id);
    return { message: PAY_MSG.deleted };
  });

  route(app, getPayIndex, {}, async (req) => pay.index(req.query));

  route(app, listAdminPayReports, { preValidation: requireAdmin }, async () => pay.listAll());

  // The aggregates as CSV, from the same daily snapshot as the page: every combination, figures below
  // their threshold left empty.
  app.get('/pay/index.csv', async (_req, reply) => {
    const { data, computedAt } = await pay.published();
    const csv = payIndexCsv(data, computedAt);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="kerbside-courier-pay-index.csv"')
      .header('link', `<${PAY_LICENCE.url}>; rel="license"`)
      .header('cache-control', 'public, max-age=300')
      .send(csv);
  });
};

const csvCell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The CSV download: a licence line, a header, then one row per network, region and vehicle combination.
 * Figures are each member's own median, then the median (from 5 members) and quartiles (from 10) of
 * those, rounded to £0.10.
 */
export function payIndexCsv(agg: PayAggregates, computedAt: Date | null): string {
  const lines = [
    `# Kerbside Courier Pay Index: net pounds per hour after costs, reports since ${agg.since}, computed ${computedAt ? computedAt.toISOString() : 'not yet'} (once a day). Licence: ${PAY_LICENCE.name} ${PAY_LICENCE.url}`,
    'network,network_name,region,region_name,vehicle,vehicle_name,reports,members,net_hourly_p25,net_hourly_median,net_hourly_p75',
  ];
  const sorted = [...agg.rows].sort((a, b) =>
    `${a.network}|${a.region ?? ''}|${a.vehicle ?? ''}`.localeCompare(`${b.network}|${b.region ?? ''}|${b.vehicle ?? ''}`),
  );
  for (const r of sorted) {
    lines.push(
      [
        r.network,
        payNetworkName(r.network) ?? r.network,
        r.region ?? 'all',
        r.region ? (payRegionName(r.region) ?? r.region) : 'All regions',
        r.vehicle ?? 'all',
        r.vehicle ? (VEHICLE_LABELS[r.vehicle as Vehicle] ?? r.vehicle) : 'All vehicles',
        r.reports,
        r.members,
        r.quartiles?.p25 ?? null,
        r.quartiles?.median ?? null,
        r.quartiles?.p75 ?? null,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
