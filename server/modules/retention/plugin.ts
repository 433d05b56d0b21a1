import type { FastifyPluginAsync } from 'fastify';
import type { RetentionService } from './service.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Carries out the retention periods of the privacy policy: a minute after start and then hourly,
 * each process deletes what is past its period (idempotent, so several processes may run it).
 */
export const retentionPlugin: FastifyPluginAsync<{ retention: RetentionService; enabled: boolean; everyMs?: number }> = async (
  app,
  { retention, enabled, everyMs = HOUR },
) => {
  if (!enabled) return;
  const run = async () => {
    try {
      const deleted = await retention.purgeExpired();
      const any = Object.entries(deleted).filter(([, n]) => n > 0);
      if (any.length) app.log.info({ deleted: Object.fromEntries(any) }, 'retention: deleted expired records');
    } catch (err) {
      app.log.error({ err }, 'retention run failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  }, 60_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    if (timer) clearInterval(timer);
  });
};
