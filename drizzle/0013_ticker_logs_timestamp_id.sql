DROP INDEX "ticker_logs_timestamp_idx";--> statement-breakpoint
CREATE INDEX "ticker_logs_timestamp_id_idx" ON "ticker_logs" USING btree ("timestamp","id");