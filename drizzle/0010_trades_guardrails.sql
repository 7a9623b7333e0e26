ALTER TABLE "trades" ADD COLUMN "side" text NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "entry_fee" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "exit_fee" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "entry_order_id" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "exit_order_id" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "close_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "max_open_trades" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "daily_loss_cap_percent" double precision DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "loss_streak_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "cooldown_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_user_id_open_idx" ON "trades" USING btree ("user_id") WHERE "trades"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trades_user_id_closed_at_idx" ON "trades" USING btree ("user_id","closed_at" DESC NULLS LAST) WHERE "trades"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_side_check" CHECK ("trades"."side" in ('buy', 'sell'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_close_reason_check" CHECK ("trades"."close_reason" in ('auto_close', 'stop_loss', 'expired', 'error'));--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_max_open_trades_check" CHECK ("global_settings"."max_open_trades" >= 1);--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_daily_loss_cap_check" CHECK ("global_settings"."daily_loss_cap_percent" > 0 and "global_settings"."daily_loss_cap_percent" <= 100);--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_loss_streak_check" CHECK ("global_settings"."loss_streak_limit" >= 1);--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_cooldown_check" CHECK ("global_settings"."cooldown_minutes" >= 1);