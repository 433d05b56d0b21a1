import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { OUT_OF_SPACE_MSG } from '../../plugins/errors.ts';

describe.each(testDatabases)('health checks on %s', (kind) => {
  it('answers /healthz and /readyz, and /readyz 503 once the database is gone', async () => {
    const { app, database } = await buildTestApp(kind);
    try {
      const health = await app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });

      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: kind });

      await database.close();
      const down = await app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: 'Database unreachable' });
      // The process itself still answers: a load balancer must not restart it for a database outage.
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('says /readyz 503 "read-only" while DATA_DIR is under its reserve, and /healthz stays 200 (issue 29)', async () => {
    // A reserve of the whole disk: never met, on any machine (server/db/disk-space.test.ts fills a real one).
    const t = await buildTestApp(kind, { DISK_RESERVE_MB: '1000000', DISK_RESERVE_PERCENT: '100' });
    try {
      const { freeBytes, reserveBytes } = t.app.diskSpace.status();
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'read-only', message: OUT_OF_SPACE_MSG, database: kind, freeBytes, reserveBytes });
      expect(freeBytes).toBeLessThan(reserveBytes);
      expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });
});
