-- Audit rows outlive the accounts they name: no foreign key, so deleting a user rewrites nothing.
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
-- The chain's one canonical serialisation, computed by the database on both engines: a JSON array
-- (unambiguous quoting; jsonb prints in its normalised form) of the previous hash and the row, the
-- instant as epoch seconds with microseconds (independent of the session's time zone).
CREATE FUNCTION "audit_log_hash"(prev_hash text, id bigint, user_id text, action text, details jsonb, at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    json_build_array(prev_hash, id, user_id, action, details, extract(epoch FROM at))::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Rows written before this migration join the chain in id order.
DO $$
DECLARE
  r record;
  previous text := '';
BEGIN
  FOR r IN SELECT * FROM "audit_logs" ORDER BY "id" LOOP
    UPDATE "audit_logs"
      SET "prev_hash" = previous,
          "hash" = audit_log_hash(previous, r.id, r.user_id, r.action, r.details, r.timestamp)
      WHERE "id" = r.id
      RETURNING "hash" INTO previous;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
-- Append-only: the application never changes or removes an audit row. (Whoever owns the table can
-- still disable this; the hash chain is what shows that it happened.)
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only (% refused)', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
