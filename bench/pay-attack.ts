// The Courier Pay Index in attacker mode (issue 28; bench/README.md "Pay Index attack").
// `npm run bench:pay-attack`.
//
// It starts the app on a scratch embedded database (PGlite in a temporary folder) with the demo forum,
// whose Yodel, North West cell rests on one member's two reports (liam_yodel), set to the outside
// review's values (net £10.878 and £11.735 an hour). Then it plays the review's attack over HTTP, as an
// attacker would, for each N in PAY_ATTACK_N ("4,9"):
//   1. fresh: N throwaway accounts sign up through the real form (timing token, own addresses, the
//      verification code from their own mailboxes) and each sends one Yodel report in Liverpool of a
//      known value (half at £2/h, half at £58/h); the index is read the same day and after the next
//      day's snapshot;
//   2. aged: the same accounts do what level 1 asks (visits on two days, 10 posts read), wait until they
//      are 15 days old, and the index is read again;
//   3. one member moves it: one £58 account sends four more weeks at £59/h, read the next day.
// The app's clock is the bench's (the app runs in this process), so days pass in a moment; the daily
// job is called as its timer would call it (app.pay.runOnce). After each read the attacker does the best
// the published figure allows: every pair of victim reports on a 1p grid from £0 to £60 that would
// publish exactly what was read is kept; the victim's reports are "recovered" when every kept pair puts
// each report within 5p of one value. Beside it, what the same reports would have published under the
// rules before issue 28 (every report a vote, quartiles from 5 reports and 5 members, 1p rounding) and
// what the attacker recovers from that. Writes bench/results/<PAY_ATTACK_DATE or today>-pay-attack.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ZPayIndex, type TPayFigure } from '../common/contracts/pay.ts';
import { ukToday } from '../common/pay-estimator.ts';
import { PAY_MIN_MEMBERS, PAY_MIN_MEMBERS_SPREAD, roundPayFigure } from '../common/rules/pay.ts';
import { buildApp, type App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { emails, payReports, users } from '../server/db/schema/index.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../server/db/seed/demo-members.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { freePort, machine, root, today } from './harness.ts';

const NS = (process.env.PAY_ATTACK_N || '4,9').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n >= 2);
const OUT_DATE = process.env.PAY_ATTACK_DATE || today();
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The review's victim: two Yodel reports, net £/h over 10 hours. */
const VICTIM = [10.878, 11.735] as const;
const VICTIM_NAME = 'liam_yodel';
const PASSWORD = 'Yodel-watch-4711!';

type Figure = Pick<TPayFigure, 'reports' | 'members' | 'netHourly'>;

// ---- What a figure is, under each set of rules ----

const cont = (sorted: number[], p: number) => {
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
};
const median = (xs: number[]) => cont([...xs].sort((a, b) => a - b), 0.5);

/** Issue 28's rules (server/modules/pay): one vote per member (their median), thresholds 5 and 10, £0.10. */
function publishNow(memberMedians: number[]): Figure['netHourly'] {
  const n = memberMedians.length;
  if (n < PAY_MIN_MEMBERS) return null;
  const s = [...memberMedians].sort((a, b) => a - b);
  const spread = n >= PAY_MIN_MEMBERS_SPREAD;
  return { p25: spread ? roundPayFigure(cont(s, 0.25)) : null, median: roundPayFigure(cont(s, 0.5)), p75: spread ? roundPayFigure(cont(s, 0.75)) : null };
}

/** The rules before issue 28: every report a vote, quartiles from 5 reports and 5 members, to the penny. */
function publishBefore(reports: number[], members: number): Figure['netHourly'] {
  if (reports.length < 5 || members < 5) return null;
  const s = [...reports].sort((a, b) => a - b);
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return { p25: r2(cont(s, 0.25)), median: r2(cont(s, 0.5)), p75: r2(cont(s, 0.75)) };
}

const same = (a: Figure['netHourly'], b: Figure['netHourly']) =>
  a === null || b === null ? a === b : a.median === b.median && a.p25 === b.p25 && a.p75 === b.p75;

type Solved = { pairs: number; a: [number, number]; b: [number, number]; median: [number, number] } | null;

/**
 * The attacker's best: every pair (a ≤ b) of the one other member's two reports, on a 1p grid from £0 to
 * £60, for which `publish(a, b)` gives exactly what was read. Null when nothing was published (nothing
 * to solve) or no pair fits.
 */
function solve(read: Figure['netHourly'], publish: (a: number, b: number) => Figure['netHourly']): Solved {
  if (!read) return null;
  let pairs = 0;
  const a: [number, number] = [Infinity, -Infinity];
  const b: [number, number] = [Infinity, -Infinity];
  const m: [number, number] = [Infinity, -Infinity];
  for (let i = 0; i <= 6000; i++) {
    for (let j = i; j <= 6000; j++) {
      const x = i / 100;
      const y = j / 100;
      if (!same(publish(x, y), read)) continue;
      pairs++;
      a[0] = Math.min(a[0], x);
      a[1] = Math.max(a[1], x);
      b[0] = Math.min(b[0], y);
      b[1] = Math.max(b[1], y);
      m[0] = Math.min(m[0], (x + y) / 2);
      m[1] = Math.max(m[1], (x + y) / 2);
    }
  }
  return pairs ? { pairs, a, b, median: m } : null;
}

/** Issue 28's rules with the attacker's member medians known and one other member of reports a ≤ b (memoised by a + b). */
function publishNowWith(mine: number[]) {
  const memo = new Map<number, Figure['netHourly']>();
  return (x: number, y: number) => {
    const key = Math.round((x + y) * 100);
    let f = memo.get(key);
    if (f === undefined) memo.set(key, (f = publishNow([...mine, (x + y) / 2])));
    return f;
  };
}

/** The old rules with the attacker's reports known and two more, a ≤ b, read without building an array. */
function publishBeforeWith(known: number[], members: number) {
  const k = [...known].sort((p, q) => p - q);
  const len = k.length + 2;
  if (len < 5 || members < 5) return () => null;
  const lowerBound = (v: number) => {
    let lo = 0;
    let hi = k.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (k[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return (x: number, y: number): Figure['netHourly'] => {
    const ix = lowerBound(x);
    const iy = lowerBound(y) + 1;
    const at = (i: number) => (i < ix ? k[i]! : i === ix ? x : i < iy ? k[i - 1]! : i === iy ? y : k[i - 2]!);
    const q = (p: number) => {
      const pos = p * (len - 1);
      const lo = Math.floor(pos);
      const hi = Math.min(lo + 1, len - 1);
      return at(lo) + (at(hi) - at(lo)) * (pos - lo);
    };
    return { p25: r2(q(0.25)), median: r2(q(0.5)), p75: r2(q(0.75)) };
  };
}

/** Each report known within 5p, and the truth inside what was kept. */
const recovered = (s: Solved) =>
  !!s && s.a[1] - s.a[0] <= 0.1 && s.b[1] - s.b[0] <= 0.1 && s.a[0] <= VICTIM[0] + 0.005 && VICTIM[0] - 0.005 <= s.a[1] && s.b[0] <= VICTIM[1] + 0.005 && VICTIM[1] - 0.005 <= s.b[1];

const money = (n: number) => `£${n.toFixed(2)}`;
const range = ([lo, hi]: [number, number]) => (hi - lo < 0.005 ? money(lo) : `${money(lo)}–${money(hi)}`);
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const figureText = (f: Figure) =>
  `${count(f.reports, 'report')}, ${count(f.members, 'member')}: ${f.netHourly ? `median ${money(f.netHourly.median)}${f.netHourly.p25 !== null ? `, p25 ${money(f.netHourly.p25)}, p75 ${money(f.netHourly!.p75!)}` : ''}` : 'no figure'}`;
const solvedText = (s: Solved) =>
  s ? `reports ${range(s.a)} and ${range(s.b)}; their median ${range(s.median)}` : 'nothing published: nothing to solve';

// ---- The app, and a client as the attacker's browser ----

type Account = { email: string; username: string; cookie: string; ip: string; value: number };

async function main() {
  const clock = { at: Date.now(), now: () => new Date(clock.at) };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-pay-attack-'));
  const rows: string[] = [];
  const verdicts: Array<{ n: number; phase: string; recovered: boolean }> = [];
  try {
    for (const n of NS) {
      const runDir = path.join(dataDir, `n${n}`);
      fs.mkdirSync(runDir);
      clock.at = Date.now();
      const result = await attack(n, clock, runDir);
      rows.push(result.markdown);
      verdicts.push(...result.verdicts);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const report = [
    `# Courier Pay Index: attacker mode (${OUT_DATE})`,
    '',
    '`npm run bench:pay-attack` (`bench/pay-attack.ts`): issue 28\'s attack on the Pay Index, played over HTTP against the app on a scratch PGlite with the demo forum. The victim is the demo\'s only Yodel member in the North West, whose two reports are set to the review\'s values (net £10.878 and £11.735 an hour). The attacker\'s accounts sign up through the real form; days pass on the app\'s clock; the daily snapshot is computed as its timer would. "Recovered" means every pair of victim reports that publishes exactly what was read puts each report within 5p of one value (a 1p grid over £0–£60).',
    '',
    `Machine: ${machine()}. Threat model: docs/SECURITY.md, "Courier Pay Index: threat model".`,
    '',
    'The accounts\' values are placed for the current rules (half low, half high, so the victim\'s median sits in the middle). N = 4 is the review\'s own placement, so its "before issue 28" column is the review\'s result; for N = 9 that column shows what this placement would have given then, not the worst the old rules allowed.',
    '',
    ...rows,
    '## Verdict',
    '',
    '| N | phase | victim\'s reports recovered |',
    '|---|---|---|',
    ...verdicts.map((v) => `| ${v.n} | ${v.phase} | ${v.recovered ? '**yes**' : 'no'} |`),
    '',
    verdicts.every((v) => !v.recovered)
      ? 'The attack fails in every phase: the victim\'s reports cannot be recovered from what the index publishes.'
      : '**The attack succeeded in at least one phase.**',
    '',
    'What remains (the threat model says it): with N ≥ 4 counting accounts around one real member, the published median is that member\'s own median to within 5p (the "their median" column). No report of theirs, and nothing at all with accounts that do not count.',
    '',
  ].join('\n');
  const out = path.join(root, 'bench', 'results', `${OUT_DATE}-pay-attack.md`);
  fs.writeFileSync(out, report);
  console.log(report);
  console.log(`\nwritten: ${path.relative(root, out)}`);
  process.exit(verdicts.every((v) => !v.recovered) ? 0 : 1);
}

async function attack(n: number, clock: { at: number; now(): Date }, dataDir: string) {
  const port = await freePort();
  const config = loadConfig({
    // 'test': no timers of the app's own (the bench runs the daily job on its clock), mail kept in the outbox.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    // Each account comes from its own address, as behind a proxy on loopback.
    TRUST_PROXY: 'loopback',
  });
  const database: Database = await openDatabase({ dataDir });
  let app: App | undefined;
  const out: string[] = [`## N = ${n} throwaway accounts`, ''];
  const verdicts: Array<{ n: number; phase: string; recovered: boolean }> = [];
  try {
    const db = database.db;
    await seedDatabase(db, config, { info: () => {} }, { now: clock.now(), logDemoAdmin: false });
    // The review's victim: the demo's only Yodel member in the North West, with its two reports' values.
    const [victim] = await db.select({ id: users.id }).from(users).where(eq(users.username, VICTIM_NAME));
    const theirs = await db.select({ id: payReports.id }).from(payReports).where(and(eq(payReports.userId, victim!.id), eq(payReports.network, 'yodel')));
    if (theirs.length !== 2) throw new Error(`the demo's ${VICTIM_NAME} should have 2 Yodel reports, has ${theirs.length}`);
    for (const [i, r] of theirs.entries()) {
      await db.update(payReports).set({ hours: 10, grossPay: VICTIM[i]! * 10, costFuel: 0, costVehicle: 0, costInsurance: 0, costOther: 0 }).where(eq(payReports.id, r.id));
    }
    app = await buildApp({ config, database, clock, serveClient: false });
    await app.listen({ port, host: '127.0.0.1' });
    const base = config.appUrl;
    // What `npm start` does at once on a day without a snapshot.
    await app.pay.runOnce();

    let ipSerial = 0;
    const newIp = () => `10.77.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;
    const http = async (method: string, url: string, opts: { cookie?: string; body?: unknown; ip?: string } = {}) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          origin: base,
          'x-forwarded-for': opts.ip ?? newIp(),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, text, json: () => JSON.parse(text), cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => /^(__Host-)?sid=./.test(c)) };
    };
    const cell = async (): Promise<Figure> => {
      const res = await http('GET', '/api/pay-index?network=yodel&region=north-west');
      if (res.status !== 200) throw new Error(`pay index: ${res.status} ${res.text}`);
      const f = ZPayIndex.parse(res.json()).figures[0]!;
      return { reports: f.reports, members: f.members, netHourly: f.netHourly };
    };
    const nextDay = async () => {
      clock.at += 25 * HOUR;
      await app!.pay.runOnce();
    };

    // The demo admin, signed in now and coming back daily: at the end, the admin screen's view.
    const adminIp = newIp();
    const adminLogin = await http('POST', '/api/auth/login', { ip: adminIp, body: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD } });
    if (adminLogin.status !== 200 || !adminLogin.cookie) throw new Error(`admin sign-in: ${adminLogin.status} ${adminLogin.text}`);
    const admin = { cookie: adminLogin.cookie, ip: adminIp };

    // The attacker's accounts, through the real sign-up (GET the form's token, take the seconds a person takes).
    const accounts: Account[] = [];
    for (let i = 0; i < n; i++) {
      const ip = newIp();
      const username = `yd_${i}_${Date.now().toString(36)}`;
      const email = `${username}@example.com`;
      const token = await http('GET', '/api/auth/register-token', { ip });
      clock.at += 5_000;
      const reg = await http('POST', '/api/auth/register', { ip, body: { firstName: 'Sam', lastName: 'Driver', username, email, password: PASSWORD, formToken: token.json().token } });
      if (reg.status !== 201) throw new Error(`sign-up: ${reg.status} ${reg.text}`);
      const [mail] = await db.select({ text: emails.text }).from(emails).where(eq(emails.to, email));
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
      const ok = await http('POST', '/api/auth/verify-code', { ip, body: { email, code } });
      if (ok.status !== 200 || !ok.cookie) throw new Error(`verify: ${ok.status} ${ok.text}`);
      accounts.push({ email, username, cookie: ok.cookie, ip, value: i < Math.floor(n / 2) ? 2 : 58 });
    }
    /** A request as the account, signing in again if its session ended while the attacker waited. */
    const as = async (a: Account, method: string, url: string, body?: unknown) => {
      let res = await http(method, url, { cookie: a.cookie, ip: a.ip, body });
      if (res.status === 401) {
        const login = await http('POST', '/api/auth/login', { ip: a.ip, body: { email: a.email, password: PASSWORD } });
        if (login.status !== 200 || !login.cookie) throw new Error(`sign-in: ${login.status} ${login.text}`);
        a.cookie = login.cookie;
        res = await http(method, url, { cookie: a.cookie, ip: a.ip, body });
      }
      return res;
    };
    const send = async (a: Account, value: number, daysBack: number) => {
      const day = ukToday(new Date(clock.at - daysBack * DAY));
      const res = await as(a, 'POST', '/api/pay-reports', {
        network: 'yodel', engagement: 'self_employed', vehicle: 'van', postcode: 'L1', periodStart: day, periodEnd: day,
        hours: 10, drops: 120, miles: 90, grossPay: Math.round(value * 10 * 100) / 100, costs: {},
      });
      if (res.status !== 201) throw new Error(`pay report: ${res.status} ${res.text}`);
    };
    const sent = new Map<Account, number[]>();
    const reportsOf = (a: Account) => sent.get(a) ?? [];
    const sendAs = async (a: Account, value: number, daysBack: number) => {
      await send(a, value, daysBack);
      sent.set(a, [...reportsOf(a), value]);
    };
    /**
     * Reads the cell and solves it as the attacker: under issue 28's rules with their own accounts'
     * medians (when their accounts count), and what the same reports would have published before.
     */
    const readAndSolve = async (phase: string, counted: boolean, note: string) => {
      const f = await cell();
      const mine = counted ? accounts.map((a) => median(reportsOf(a))) : [];
      const now = solve(f.netHourly, publishNowWith(mine));
      const allReports = accounts.flatMap(reportsOf);
      const beforeRead = publishBefore([...allReports, ...VICTIM], n + 1);
      const before = solve(beforeRead, publishBeforeWith(allReports, n + 1));
      const ok = recovered(now);
      verdicts.push({ n, phase, recovered: ok });
      const was = beforeRead ? `${figureText({ reports: allReports.length + 2, members: n + 1, netHourly: beforeRead })}: ${solvedText(before)}` : 'no figure';
      out.push(`| ${phase} | ${figureText(f)} | ${solvedText(now)} | ${ok ? '**yes**' : 'no'} | ${was} | ${recovered(before) ? '**yes**' : 'no'} | ${note} |`);
      return f;
    };

    out.push(
      '| phase | the cell as published | attacker recovers (new rules) | recovered | the same reports before issue 28 | recovered | note |',
      '|---|---|---|---|---|---|---|',
    );
    const start = await cell();
    out.push(`| before | ${figureText(start)} | – | – | – | – | the victim alone |`);

    // 1. Fresh accounts, one report each.
    for (const a of accounts) await sendAs(a, a.value, 3);
    const sameDay = await cell();
    out.push(`| fresh, same day | ${figureText(sameDay)} | – | – | – | – | ${same(sameDay.netHourly, start.netHourly) && sameDay.members === start.members ? 'unchanged: the day\'s snapshot' : '**changed within the day**'} |`);
    await nextDay();
    await readAndSolve('fresh, next day', false, `accounts a day old, level 0: they do not count`);

    // 2. Aged: what level 1 asks (a second day's visit and 10 posts read), then 15 days old.
    const list = await http('GET', '/api/forum/posts?limit=20');
    const slugs = (list.json().posts as Array<{ slug: string }>).map((p) => p.slug).slice(0, 10);
    for (const a of accounts) for (const slug of slugs) await as(a, 'GET', `/api/forum/posts/${slug}`);
    clock.at += DAY;
    for (const a of accounts) await as(a, 'GET', '/api/auth/user');
    await app.trust.visits.flush();
    // Two weeks of waiting, each account coming back daily as a member would (which keeps its session
    // alive), the hourly level job running.
    for (let d = 0; d < 14; d++) {
      clock.at += DAY;
      for (const a of accounts) await as(a, 'GET', '/api/auth/user');
      await http('GET', '/api/auth/user', admin);
      await app.trust.visits.flush();
      await app.trust.runOnce();
    }
    const levels = await db.select({ username: users.username, level: users.trustLevel }).from(users);
    const reached = accounts.filter((a) => (levels.find((l) => l.username === a.username)?.level ?? 0) >= 1).length;
    await nextDay();
    await readAndSolve('aged', reached === n, `${reached} of ${n} accounts at level ≥ 1 and 15 days old`);

    // 3. One member sends four more weeks at £59/h.
    const heavy = accounts[n - 1]!;
    const beforeHeavy = await cell();
    for (let w = 1; w <= 4; w++) await sendAs(heavy, 59, 3 + 7 * w);
    await nextDay();
    const afterHeavy = await cell();
    const medianOf = (f: Figure) => (f.netHourly ? money(f.netHourly.median) : '–');
    await readAndSolve('one member +4 × £59', reached === n, `median ${medianOf(beforeHeavy)} → ${medianOf(afterHeavy)}`);

    // The admin screen still sees every raw report.
    const raw = await http('GET', '/api/admin/pay-reports', { cookie: admin.cookie, ip: admin.ip });
    if (raw.status !== 200) throw new Error(`admin pay reports: ${raw.status} ${raw.text}`);
    const yodel = (raw.json() as Array<{ network: string; region: string; netHourly: number; author: { username: string } }>).filter((r) => r.network === 'yodel' && r.region === 'north-west');
    const theirsSeen = yodel.filter((r) => r.author.username === VICTIM_NAME).map((r) => r.netHourly.toFixed(3)).sort();
    out.push('', `The admin screen (GET /api/admin/pay-reports) lists all ${yodel.length} raw reports in the cell with their authors, the victim's as ${theirsSeen.join(' and ')}.`, '');
    return { markdown: out.join('\n') + '\n', verdicts };
  } finally {
    await app?.close();
    await database.close();
  }
}

await main();
