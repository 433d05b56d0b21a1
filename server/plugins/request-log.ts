import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, at info, when its answer has gone (issue 31 item 3): Fastify's own lines
 * ("incoming request", then "request completed") were two, 741,500 lines and 166 MB in an afternoon
 * of load, nearly all of them guests' fast reads. Routine answers (a GET or HEAD answered below 400
 * within `slowMs`) are sampled: `sample` of them are written (LOG_REQUEST_SAMPLE; 1 writes every one,
 * 0 none). Every other answer is written: writes, errors, refusals, slow reads. app.ts gives Fastify
 * this as its logController; Fastify's other lines (a failed stream, a serializer error) stay.
 */
export type RequestLogOptions = {
  /** The share of routine answers written, 0 to 1. */
  sample: number;
  /** A read slower than this is always written; 500 ms. */
  slowMs?: number;
  /** Math.random by default; tests decide. */
  random?: () => number;
};

const REQUEST_LOG_SLOW_MS = 500;

export class RequestLog extends LogController {
  private readonly sample: number;
  private readonly slowMs: number;
  private readonly random: () => number;

  constructor(opts: RequestLogOptions) {
    super();
    this.sample = opts.sample;
    this.slowMs = opts.slowMs ?? REQUEST_LOG_SLOW_MS;
    this.random = opts.random ?? Math.random;
  }

  /** Nothing when a request comes in: its one line is written when it is answered. */
  override incomingRequest(): void {}

  /** An unknown route's 404 is a line of requestCompleted like any other answer. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = { req, res: reply, responseTime: Math.round(ms * 10) / 10 };
    if (error) return void req.log.error({ ...line, err: error }, 'request errored');
    const routine = (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode < 400 && ms < this.slowMs;
    if (!routine) req.log.info(line, 'request');
    else if (this.sample > 0 && this.random() < this.sample) req.log.info(line, 'request (sampled)');
  }
}
