// `npx tsx scripts/relink-mentions.ts`: once after upgrading to issue 18, links the @mentions of members
// in posts and comments written before mentions became links (server/modules/posts/relink-mentions.ts).
// On the embedded database stop the site first (DATA_DIR is one process's); on PostgreSQL it may run
// beside the site. Safe to run again: it rewrites only what is out of date.
import pino from 'pino';
import { runCommand } from '../server/backup/cli.ts';
import { openDatabase } from '../server/db/client.ts';
import { relinkMentions } from '../server/modules/posts/index.ts';
import { createUploadService } from '../server/modules/uploads/index.ts';
import { systemClock } from '../server/core.ts';

runCommand('Stop it first, or run this against PostgreSQL.', async (config) => {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Only to read which photos exist, as a write does: without the job runner no sweep is scheduled.
    const uploads = createUploadService({ db: database.db, config, clock: systemClock, log: pino({ level: 'warn' }) });
    const changed = await relinkMentions(database.db, uploads);
    console.log(`Mentions linked: ${changed.posts} posts and ${changed.comments} comments rendered again`);
  } finally {
    await database.close();
  }
});
