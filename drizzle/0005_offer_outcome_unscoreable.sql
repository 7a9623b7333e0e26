ALTER TABLE "offers" DROP CONSTRAINT "offers_outcome_check";--> statement-breakpoint
DROP INDEX "offers_outcome_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
CREATE INDEX "offers_unscored_id_idx" ON "offers" USING btree ("id") WHERE "offers"."outcome" is null;--> statement-breakpoint
CREATE INDEX "offers_outcome_idx" ON "offers" USING btree ("position_type","risk_level") WHERE "offers"."outcome" in ('succeeded', 'failed', 'neither');--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_outcome_check" CHECK ("offers"."outcome" in ('succeeded', 'failed', 'neither', 'unscoreable'));