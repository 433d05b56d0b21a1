// Child process of disk-stop.test.ts: opens DATA_DIR like the server does, writes `rows` rows and
// prints each id once its commit has returned, then prints "written" and obeys lines on stdin:
// "checkpoint" runs one ("checkpointed" after), "stop" closes the database as SIGTERM has the server
// close it ("closed" after).
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

const [dataDir, rows] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
await database.db.execute(sql`create table if not exists disk_probe (id serial primary key, body text not null)`);
for (let i = 0; i < Number(rows); i++) {
  const result = await database.db.execute(sql`insert into disk_probe (body) values (${'x'.repeat(500)}) returning id`);
  process.stdout.write(`${(result as unknown as { rows: Array<{ id: number }> }).rows[0].id}\n`);
}
process.stdout.write('written\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === 'checkpoint') {
    await database.db.execute(sql`checkpoint`);
    process.stdout.write('checkpointed\n');
  } else if (line === 'stop') {
    await database.close();
    process.stdout.write('closed\n');
    process.exit(0);
  }
}
