import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANALYTICS_MSG,
  CONSENT_GRANTED,
  CONSENT_HEADER,
  ZAnalyticsAccepted,
  ZAnalyticsReport,
  ZAnalyticsReportQuery,
  ZPageViewRequest,
  ZSessionEndRequest,
  ZSessionStartRequest,
  ZUserActionRequest,
  ZVitalsRequest,
} from '../../../common/contracts/analytics.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { AnalyticsBuffer } from './ingest.ts';
import { analyticsReport, deviceTypeOf, resolvePeriod, userAgentOf } from './service.ts';

/** Per client address and per call: a busy reader makes a few a minute; well above that is a script. */
export const ANALYTICS_PER_MINUTE = 120;

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics write buffer: `app.analytics.flush()` writes what is waiting (tests, shutdown). */
    analytics: AnalyticsBuffer;
  }
}

/**
 * Spec §7: without `X-Analytics-Consent: granted` the call is answered 202 {accepted:false} before its
 * body is even validated, and nothing is stored. Vitals calls need the header too: they are analytics.
 */
async function requireConsent(req: FastifyRequest, reply: FastifyReply) {
  if (req.headers[CONSENT_HEADER] !== CONSENT_GRANTED) return reply.code(202).send({ accepted: false });
}

/**
 * First-party analytics, web vitals and the admin report. Ingest calls only push rows into the
 * in-process buffer (flushed every 2 s or at 200 rows, and on close), never waiting on the database.
 * No IP address is kept (the rate limit sees it only in memory or Redis); the member's id is kept
 * only when the request is signed in. Wrapped with fastify-plugin so `app.analytics` reaches the root.
 */
export const analyticsRoutes = fp<{ config: Config; db: Db; mailer: Mailer; flushEveryMs?: number }>(
  async (base, { db, flushEveryMs }) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const buffer = new AnalyticsBuffer(db, app.log, { flushEveryMs });
    app.decorate('analytics', buffer);
    buffer.schedule();
    app.addHook('onClose', async () => buffer.stop());

    const ingest = {
      preValidation: requireConsent,
      config: perIpLimit(ANALYTICS_PER_MINUTE, '1 minute', ANALYTICS_MSG.rateLimited),
    };
    const accepted = (reply: FastifyReply) => reply.code(202).send({ accepted: true });

    app.post(
      '/api/analytics/session/start',
      { ...ingest, schema: { body: ZSessionStartRequest, response: { 202: ZAnalyticsAccepted } } },
      async (req, reply) => {
        const userAgent = userAgentOf(req.body.userAgent, req.headers['user-agent']);
        buffer.addSession({
          id: req.body.sessionId,
          userId: req.user?.id ?? null,
          userAgent,
          deviceType: deviceTypeOf(userAgent),
          referrer: req.body.referrer,
          landingPage: req.body.landingPage,
          startedAt: new Date(),
        });
        return accepted(reply);
      },
    );

    app.post(
      '/api/analytics/page-view',
      { ...ingest, schema: { body: ZPageViewRequest, response: { 202: ZAnalyticsAccepted } } },
      async (req, reply) => {
        const b = req.body;
        buffer.addPageView({
          sessionId: b.sessionId,
          userId: req.user?.id ?? null,
          pageUrl: b.pageUrl,
          pageTitle: b.pageTitle,
          referrerUrl: b.referrerUrl,
          timeOnPage: b.timeOnPage ?? null,
          scrollDepth: b.scrollDepth ?? null,
          createdAt: new Date(),
        });
        return accepted(reply);
      },
    );

    app.post(
      '/api/analytics/user-action',
      { ...ingest, schema: { body: ZUserActionRequest, response: { 202: ZAnalyticsAccepted } } },
      async (req, reply) => {
        const b = req.body;
        buffer.addAction({
          sessionId: b.sessionId,
          userId: req.user?.id ?? null,
          actionType: b.actionType,
          actionTarget: b.actionTarget,
          actionData: b.actionData,
          pageUrl: b.pageUrl,
          createdAt: new Date(),
        });
        return accepted(reply);
      },
    );

    app.post(
      '/api/analytics/session/end',
      { ...ingest, schema: { body: ZSessionEndRequest, response: { 202: ZAnalyticsAccepted } } },
      async (req, reply) => {
        buffer.endSession({ sessionId: req.body.sessionId, endedAt: new Date(), durationSeconds: req.body.sessionDuration });
        return accepted(reply);
      },
    );

    app.post(
      '/api/metrics/vitals',
      { ...ingest, schema: { body: ZVitalsRequest, response: { 202: ZAnalyticsAccepted } } },
      async (req, reply) => {
        const now = new Date();
        buffer.addVitals(
          req.body.reports.flatMap((r) =>
            r.metrics.map((m) => ({
              url: r.url,
              name: m.name,
              value: m.value,
              rating: m.rating,
              metricId: m.id,
              delta: m.delta,
              userAgent: userAgentOf(r.userAgent, req.headers['user-agent']),
              connectionType: r.connectionType,
              reportedAt: r.timestamp,
              createdAt: now,
            })),
          ),
        );
        return accepted(reply);
      },
    );

    app.get(
      '/api/admin/analytics',
      { preValidation: requireAdmin, schema: { querystring: ZAnalyticsReportQuery, response: { 200: ZAnalyticsReport } } },
      async (req) => analyticsReport(db, resolvePeriod(req.query)),
    );
  },
  { name: 'analytics' },
);
