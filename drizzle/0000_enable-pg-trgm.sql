-- Trigram indexes make case-insensitive substring search (ILIKE %term%) use an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
