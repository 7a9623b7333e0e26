ALTER TABLE "global_settings" ALTER COLUMN "analysis_retention_days" SET DEFAULT 7;--> statement-breakpoint
-- The settings row is created by 0001 with the old default; move it too unless an admin changed it.
UPDATE "global_settings" SET "analysis_retention_days" = 7 WHERE "id" = 1 AND "updated_by" IS NULL AND "analysis_retention_days" = 30;
