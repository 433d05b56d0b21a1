import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';

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
});
