-- Trigram indexes make the member directory's "contains" search on username and status text an
-- index scan instead of a table scan (PGlite loads the extension in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
