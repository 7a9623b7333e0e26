CREATE TABLE "track_record" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"entry" jsonb GENERATED ALWAYS AS ((body)::jsonb) STORED NOT NULL,
	"kind" text GENERATED ALWAYS AS (((body)::jsonb ->> 'kind')) STORED NOT NULL,
	"offer_id" uuid GENERATED ALWAYS AS ((((body)::jsonb ->> 'offerId'))::uuid) STORED NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "track_record_kind_check" CHECK ("track_record"."kind" in ('offer', 'revision', 'outcome')),
	CONSTRAINT "track_record_seq_check" CHECK ("track_record"."seq" >= 1)
);
--> statement-breakpoint
CREATE INDEX "track_record_offer_id_seq_idx" ON "track_record" USING btree ("offer_id","seq");--> statement-breakpoint
-- The instant as the chain hashes and exports it: UTC, milliseconds, 'Z' (the form JavaScript's
-- toISOString writes, so a verifier reads it back unchanged).
CREATE FUNCTION "track_record_instant"(at timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;--> statement-breakpoint
CREATE FUNCTION "track_record_hash"(prev_hash text, seq bigint, at timestamptz, body text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    prev_hash || E'\n' || seq::text || E'\n' || track_record_instant(at) || E'\n' || body, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Appends one entry and returns its seq. A transaction-scoped lock serialises appenders (every
-- process, every engine), so seq has no gap and each entry links to the one committed before it;
-- the lock is held until the caller commits, which is right after the change it records.
CREATE FUNCTION "track_record_append"(body text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  at timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  PERFORM pg_advisory_xact_lock(7306417222);
  SELECT t.seq, t.hash INTO last_seq, last_hash FROM track_record AS t ORDER BY t.seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0) + 1;
  last_hash := coalesce(last_hash, '');
  INSERT INTO track_record (seq, body, recorded_at, prev_hash, hash)
    VALUES (last_seq, track_record_append.body, at, last_hash,
            track_record_hash(last_hash, last_seq, at, track_record_append.body));
  RETURN last_seq;
END;
$$;--> statement-breakpoint
-- Append-only. (Whoever owns the database can still drop these; the chain, and every export a
-- visitor kept, is what shows that it happened.)
CREATE FUNCTION "track_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'track_record is append-only (% refused)', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_record_no_update_delete" BEFORE UPDATE OR DELETE ON "track_record"
  FOR EACH ROW EXECUTE FUNCTION "track_record_append_only"();--> statement-breakpoint
CREATE TRIGGER "track_record_no_truncate" BEFORE TRUNCATE ON "track_record"
  FOR EACH STATEMENT EXECUTE FUNCTION "track_record_append_only"();
