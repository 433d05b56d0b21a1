// Preloaded into the app by bench/memory.ts (`node --expose-gc --import tsx --import ./bench/memory-probe.ts
// server/main.ts`); not part of the app. On SIGUSR2 it runs a full GC and appends the process's memory
// (process.memoryUsage(), bytes) as one JSON line to MEMORY_PROBE_FILE, so the bench can tell memory the
// app keeps (a leak) from garbage the GC has not collected yet (RSS read at a random moment).
import fs from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;
if (file && gc) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    fs.appendFileSync(file, `${JSON.stringify(process.memoryUsage())}\n`);
  });
}
