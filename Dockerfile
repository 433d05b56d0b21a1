# Kerbside's image: the built client and the compiled, bundled server (ADR 0005) on Node 24, the supported LTS
# (ADR 0013), with production dependencies only, run as the unprivileged `node` user. docs/DEPLOY.md:
# "Docker and compose". scripts/runtime.test.ts compiles and runs the server on this line.

# ---- build: the client and the server-rendering bundle (vite build, vite build --ssr: dist/client,
# ---- dist/ssr; compress, budget check) and the server (tsc → dist/server, bundled → dist/server-bundle) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# ---- runtime ----
FROM node:24-bookworm-slim
# pg_dump/pg_restore for the backups of a PostgreSQL database (without them a backup is the slower
# logical export, and a .pgdump file cannot be restored); version 15 as the compose file's server.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# MALLOC_MMAP_THRESHOLD_: a fixed glibc mmap threshold, as `npm start` sets it (scripts/start.mjs): large
# freed blocks (argon2's 19 MB per password check) go back to the system instead of staying resident.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
# The embedded database (no DATABASE_URL) and the backups live in DATA_DIR; a new volume mounted there
# starts with this folder's owner, so the node user can write to it.
RUN mkdir -p /data/backups && chown -R node:node /data
VOLUME /data
USER node
EXPOSE 5000
# No curl in the slim image: Node's fetch asks /readyz (the database answers) on the port in use.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server finishes in-flight requests and closes the database on SIGTERM within 10 s (Docker's
# default wait before SIGKILL).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server-bundle/main.js"]
