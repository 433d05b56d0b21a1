import http from 'node:http';

export type LoadOptions = {
  /** Requests in flight at once: each of `concurrency` loops sends its next request when the last one answered. */
  concurrency: number;
  durationMs: number;
  headers?: Record<string, string>;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, by status ('error' for a failed connection). */
  failures: Record<string, number>;
};

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

function once(agent: http.Agent, base: URL, path: string, headers: Record<string, string>): Promise<number | 'error'> {
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, path, agent, headers }, (res) => {
      res.resume(); // read and drop the body: the time to the last byte is what a client waits for
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('error'));
    });
    req.on('error', () => resolve('error'));
    req.end();
  });
}

/**
 * Closed-loop load: `concurrency` loops, each requesting the next path (round robin over `paths`) as soon
 * as its previous answer is complete, for `durationMs`. Keep-alive connections, like a browser or proxy.
 */
export async function runLoad(baseUrl: string, paths: string[], opts: LoadOptions): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const headers = { accept: 'application/json', ...opts.headers };
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + opts.durationMs;

  const loop = async () => {
    while (performance.now() < deadline) {
      const path = paths[next++ % paths.length];
      const t0 = performance.now();
      const status = await once(agent, base, path, headers);
      latencies.push(performance.now() - t0);
      if (status === 'error' || status < 200 || status >= 300) failures[String(status)] = (failures[String(status)] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    failures,
  };
}
