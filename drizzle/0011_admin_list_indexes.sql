CREATE TABLE "ticker_log_counts" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "ticker_log_counts_n_check" CHECK ("ticker_log_counts"."n" >= 0)
);
--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
-- The hourly ticker counts follow ticker_logs in the writing transaction: one upsert per hour per
-- statement (transition tables), so a batch insert or a retention delete costs a few rows here.
-- date_bin from a UTC origin makes the hour independent of the session time zone; hours are
-- upserted in order, so two writers spanning several hours lock them in the same order.
CREATE FUNCTION "ticker_log_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "ticker_log_counts";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "ticker_log_counts" AS c SET "n" = c."n" - o."n"
    FROM (
      SELECT date_bin('1 hour', "timestamp", timestamptz '2000-01-01 00:00:00+00') AS "hour", count(*) AS "n"
      FROM "old_rows" GROUP BY 1
    ) AS o
    WHERE c."hour" = o."hour";
    DELETE FROM "ticker_log_counts" WHERE "n" = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ticker_log_counts" ("hour", "n")
    SELECT date_bin('1 hour', "timestamp", timestamptz '2000-01-01 00:00:00+00'), count(*)
    FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "n" = "ticker_log_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ticker_log_counts_insert" AFTER INSERT ON "ticker_logs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticker_log_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "ticker_log_counts_update" AFTER UPDATE ON "ticker_logs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticker_log_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "ticker_log_counts_delete" AFTER DELETE ON "ticker_logs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticker_log_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "ticker_log_counts_truncate" AFTER TRUNCATE ON "ticker_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticker_log_counts_apply"();
--> statement-breakpoint
INSERT INTO "ticker_log_counts" ("hour", "n")
SELECT date_bin('1 hour', "timestamp", timestamptz '2000-01-01 00:00:00+00'), count(*) FROM "ticker_logs" GROUP BY 1;
