// Child process of crash-safety.test.ts: opens DATA_DIR like the server does, then inserts rows
// and prints each id only once its commit has returned, until it is killed.
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

const database = await openDatabase({ dataDir: process.argv[2] });
await database.db.execute(sql`create table if not exists crash_probe (id serial primary key, body text not null)`);
for (;;) {
  const result = await database.db.execute(sql`insert into crash_probe (body) values (${'x'.repeat(500)}) returning id`);
  const { rows } = result as unknown as { rows: Array<{ id: number }> };
  process.stdout.write(`${rows[0].id}\n`);
}
