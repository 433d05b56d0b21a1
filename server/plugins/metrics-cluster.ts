import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// With WEB_CONCURRENCY workers, a scrape reaches whichever worker takes the connection (and Prometheus
// keeps it open, so always the same one). That worker asks the primary, which gathers every worker's
// registry over IPC (prom-client's AggregatorRegistry) and sends back one exposition where counters
// and histograms are summed and each gauge is combined as its `aggregator` says.

const REQUEST = 'kerbside:metrics-request';
const ANSWER = 'kerbside:metrics-answer';
/** prom-client gives up on a worker that does not answer within 5 s; this covers that and the way back. */
const CLUSTER_METRICS_TIMEOUT_MS = 6000;

type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/** In the primary: answers each worker's request with every worker's metrics combined. */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's collection and returns how to read the whole
 * cluster's metrics, with `stop` for the app's close.
 */
export function clusterMetricsOf(registry: Registry): { gather(): Promise<string>; stop(): void } {
  new AggregatorRegistry(); // installs this worker's answer to the primary's collection (once per process)
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, (answer: Answer) => void>();
  let nextId = 0;
  const onMessage = (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  };
  process.on('message', onMessage);
  return {
    gather: () =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the primary did not answer with the cluster’s metrics'));
        }, CLUSTER_METRICS_TIMEOUT_MS);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (answer.text !== undefined) resolve(answer.text);
          else reject(new Error(answer.error ?? 'no metrics'));
        });
        process.send!({ type: REQUEST, id });
      }),
    stop: () => void process.off('message', onMessage),
  };
}
