// Preloaded (--import) into the app processes a bench starts: once the bench is gone (killed outright,
// so it could not stop them), the process stops as SIGTERM stops it, as scripts/start.mjs does for the
// server of `npm start`. A bench that dies leaves nothing listening.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 500);
watch.unref();
