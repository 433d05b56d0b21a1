// The yardstick of bench/web.ts: a bare `node:http` server that answers each path with exactly the bytes
// and headers the app sent once (captured by web.ts into BARE_ANSWERS, a JSON file), and 404 otherwise.
// Node adds Date and the keep-alive headers itself, as it does for the app. A request with a cookie gets
// the answer captured for a member (key "<path> signed-in"). Its own process, like the app's
// (bench/serve.ts). Prints `listening <port>`.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type BareAnswer = { status: number; headers: Array<[string, string]>; body: string /* base64 */ };

const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.env.BARE_ANSWERS!, 'utf8')) as Record<string, BareAnswer>).map(([path, a]) => [
    path,
    { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body, 'base64') },
  ]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.headers.cookie ? `${req.url} signed-in` : (req.url ?? ''));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
