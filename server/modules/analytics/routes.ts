import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  endAnalyticsSession,
  getAnalyticsReport,
  recordPageView,
  recordUserAction,
  reportVitals,
  startAnalyticsSession,
} from '../../../common/contracts/analytics.ts';
import { ANALYTICS_MSG, CONSENT_GRANTED, CONSENT_HEADER } from '../../../common/rules/analytics.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { AnalyticsBuffer } from './ingest.ts';
import type { AnalyticsService } from './service.ts';

/** Per client address and per call: a busy reader makes a few a minute; well above that is a script. */
export const ANALYTICS_PER_MINUTE = 120;

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics write buffer: `app.analytics.flush()` writes what is waiting (tests, shutdown). */
    analytics: AnalyticsBuffer;
  }
}

// Node hands the request's header names over in lower case.
const consentHeader = CONSENT_HEADER.toLowerCase();

/**
 * Spec §7: without `X-Analytics-Consent: granted` the call is answered 202 {accepted:false} before its
 * body is even validated, and nothing is stored. Vitals calls need the header too: they are analytics.
 */
async function requireConsent(req: FastifyRequest, reply: FastifyReply) {
  if (req.headers[consentHeader] !== CONSENT_GRANTED) return reply.code(202).send({ accepted: false });
}

/**
 * First-party analytics, web vitals and the admin report. Ingest calls only push rows into the
 * service's in-process buffer (flushed every 2 s or at 200 rows, and on close), never waiting on the
 * database. No IP address is kept (the rate limit sees it only in memory or Redis); the member's id is
 * kept only when the request is signed in. Wrapped with fastify-plugin so `app.analytics` reaches the root.
 */
export const analyticsRoutes = fp<{ analytics: AnalyticsService }>(
  async (app, { analytics }) => {
    app.decorate('analytics', analytics.buffer);

    const ingest = {
      preValidation: requireConsent,
      config: perIpLimit(ANALYTICS_PER_MINUTE, '1 minute', ANALYTICS_MSG.rateLimited),
    };
    const accepted = (reply: FastifyReply) => reply.code(202).send({ accepted: true });
    const userId = (req: FastifyRequest) => req.user?.id ?? null;

    route(app, startAnalyticsSession, ingest, async (req, reply) => {
      analytics.startSession(req.body, userId(req), req.headers['user-agent']);
      return accepted(reply);
    });
    route(app, recordPageView, ingest, async (req, reply) => {
      analytics.recordPageView(req.body, userId(req));
      return accepted(reply);
    });
    route(app, recordUserAction, ingest, async (req, reply) => {
      analytics.recordUserAction(req.body, userId(req));
      return accepted(reply);
    });
    route(app, endAnalyticsSession, ingest, async (req, reply) => {
      analytics.endSession(req.body);
      return accepted(reply);
    });
    route(app, reportVitals, ingest, async (req, reply) => {
      analytics.recordVitals(req.body, req.headers['user-agent']);
      return accepted(reply);
    });

    route(app, getAnalyticsReport, { preValidation: requireAdmin }, async (req) => analytics.report(req.query));
  },
  { name: 'analytics' },
);
