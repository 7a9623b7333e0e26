CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp,
	"refresh_token_expires_at" timestamp,
	"scope" text,
	"password" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"inviter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"created_at" timestamp NOT NULL,
	"metadata" text,
	CONSTRAINT "organization_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"active_organization_id" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL,
	"username" text,
	"referral_code" text,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username"),
	CONSTRAINT "user_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"pair_id" integer NOT NULL,
	"interval" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "candles_pk" PRIMARY KEY("pair_id","interval","open_time"),
	CONSTRAINT "candles_interval_check" CHECK ("candles"."interval" in ('1m', '1h'))
);
--> statement-breakpoint
CREATE TABLE "crypto_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kraken_symbol" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"deactivation_attempts" integer DEFAULT 0 NOT NULL,
	"dynamic_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_pairs_symbol_unique" UNIQUE("symbol"),
	CONSTRAINT "crypto_pairs_kraken_symbol_unique" UNIQUE("kraken_symbol"),
	CONSTRAINT "crypto_pairs_deactivation_attempts_check" CHECK ("crypto_pairs"."deactivation_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticker_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pair_id" integer NOT NULL,
	"price" numeric NOT NULL,
	"volume" numeric,
	"percentage" numeric,
	"bid" numeric,
	"ask" numeric,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"symbol" text NOT NULL,
	"source" text,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_seen" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triggers_type_check" CHECK ("triggers"."type" in ('news', 'breakout', 'sentiment', 'volume_spike', 'onchain_event', 'political_news', 'onchain_spike', 'advisor_request', 'threshold_adjust', 'referee_trigger', 'bypass_analysis'))
);
--> statement-breakpoint
CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" integer NOT NULL,
	"user_id" text,
	"trigger_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"progrev_score" double precision,
	"density" double precision,
	"heat_score" double precision,
	"success_rate" double precision,
	"figures" jsonb,
	"error" text,
	"data_cutoff" timestamp with time zone,
	"engine_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "analyses_status_check" CHECK ("analyses"."status" in ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "analyses_progress_check" CHECK ("analyses"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "analysis_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"snapshot_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_snapshots_status_check" CHECK ("analysis_snapshots"."status" in ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "analysis_snapshots_progress_check" CHECK ("analysis_snapshots"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "offer_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_feedback_type_check" CHECK ("offer_feedback"."type" in ('like', 'dislike', 'comment')),
	CONSTRAINT "offer_feedback_comment_text_check" CHECK ("offer_feedback"."type" <> 'comment' or coalesce(length(btrim("offer_feedback"."text")), 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" integer NOT NULL,
	"analysis_id" uuid,
	"trigger_id" uuid,
	"position_type" text NOT NULL,
	"direction" text NOT NULL,
	"risk_level" text NOT NULL,
	"trend" text NOT NULL,
	"heat_score" double precision NOT NULL,
	"success_rate" double precision NOT NULL,
	"sample_size" integer DEFAULT 0 NOT NULL,
	"progrev_score" double precision,
	"expected_profit_percent" double precision NOT NULL,
	"entry_price" numeric NOT NULL,
	"take_profit_percent" double precision NOT NULL,
	"stop_loss_percent" double precision NOT NULL,
	"horizon_minutes" integer NOT NULL,
	"fee_percent" double precision DEFAULT 0 NOT NULL,
	"volume" numeric,
	"leverage" double precision DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ai_summary" text,
	"provenance" jsonb,
	"data_cutoff" timestamp with time zone,
	"engine_version" text,
	"expires_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('open', 'hot', 'expired', 'closed')),
	CONSTRAINT "offers_position_type_check" CHECK ("offers"."position_type" in ('long', 'short', 'balanced', 'scalp_long', 'scalp_short', 'scalp_balanced', 'hedge_long', 'hedge_short', 'hedge_balanced', 'quick_long', 'quick_short', 'ml_scalp_bullish', 'ml_scalp_bearish', 'ml_scalp_neutral')),
	CONSTRAINT "offers_direction_check" CHECK ("offers"."direction" in ('long', 'short', 'balanced')),
	CONSTRAINT "offers_risk_level_check" CHECK ("offers"."risk_level" in ('low', 'medium', 'high')),
	CONSTRAINT "offers_trend_check" CHECK ("offers"."trend" in ('bullish', 'bearish', 'neutral')),
	CONSTRAINT "offers_outcome_check" CHECK ("offers"."outcome" in ('succeeded', 'failed', 'neither'))
);
--> statement-breakpoint
CREATE TABLE "user_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"entry_amount_cents" bigint,
	"auto_close_profit_percent" double precision,
	"profit_percent" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_offers_user_id_offer_id_uq" UNIQUE("user_id","offer_id"),
	CONSTRAINT "user_offers_action_check" CHECK ("user_offers"."action" in ('accepted', 'rejected')),
	CONSTRAINT "user_offers_entry_amount_check" CHECK ("user_offers"."entry_amount_cents" is null or "user_offers"."entry_amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"offer_id" uuid,
	"pair" text NOT NULL,
	"position_type" text NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"quantity" numeric NOT NULL,
	"entry_price" numeric NOT NULL,
	"exit_price" numeric,
	"take_profit_price" numeric,
	"stop_loss_price" numeric,
	"auto_close_profit_percent" double precision,
	"profit_percent" double precision,
	"profit_cents" bigint,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"close_reason" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "trades_status_check" CHECK ("trades"."status" in ('open', 'closed', 'failed')),
	CONSTRAINT "trades_position_type_check" CHECK ("trades"."position_type" in ('long', 'short', 'balanced', 'scalp_long', 'scalp_short', 'scalp_balanced', 'hedge_long', 'hedge_short', 'hedge_balanced', 'quick_long', 'quick_short', 'ml_scalp_bullish', 'ml_scalp_bearish', 'ml_scalp_neutral')),
	CONSTRAINT "trades_direction_check" CHECK ("trades"."direction" in ('long', 'short', 'balanced')),
	CONSTRAINT "trades_amount_check" CHECK ("trades"."amount_cents" > 0),
	CONSTRAINT "trades_fee_check" CHECK ("trades"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"trade_id" uuid,
	"provider" text,
	"provider_ref" text,
	"payment_method_id" text,
	"approved_by" text,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_type_check" CHECK ("payments"."type" in ('deposit', 'withdrawal', 'tip')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'completed', 'failed', 'rejected')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"status_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_id_kind_uq" UNIQUE NULLS NOT DISTINCT("user_id","kind"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'user_positions', 'platform_revenue', 'platform_fees', 'external_card', 'external_payout')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('user_available', 'user_held', 'user_positions')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"trade_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'tip', 'trade_open', 'trade_close', 'fee')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ai_model" text DEFAULT 'gpt-4o-mini' NOT NULL,
	"chatgpt_max_requests" integer DEFAULT 100 NOT NULL,
	"retention_policy_days" integer DEFAULT 90 NOT NULL,
	"analysis_retention_days" integer DEFAULT 30 NOT NULL,
	"auto_analysis_enabled" boolean DEFAULT true NOT NULL,
	"auto_analysis_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"operator_organization_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "global_settings_singleton_check" CHECK ("global_settings"."id" = 1),
	CONSTRAINT "global_settings_max_requests_check" CHECK ("global_settings"."chatgpt_max_requests" >= 1),
	CONSTRAINT "global_settings_retention_check" CHECK ("global_settings"."retention_policy_days" >= 1),
	CONSTRAINT "global_settings_analysis_retention_check" CHECK ("global_settings"."analysis_retention_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"preferred_pairs" text[] DEFAULT '{}'::text[] NOT NULL,
	"entry_filter_min_cents" bigint DEFAULT 10000 NOT NULL,
	"entry_filter_max_cents" bigint DEFAULT 100000 NOT NULL,
	"auto_tip_percent" double precision DEFAULT 5 NOT NULL,
	"preferred_risk_levels" text[] DEFAULT '{low,medium}'::text[] NOT NULL,
	"min_success_rate" double precision DEFAULT 70 NOT NULL,
	"max_risk_score" double precision DEFAULT 80 NOT NULL,
	"preferred_position_types" text[] DEFAULT '{long}'::text[] NOT NULL,
	"min_expected_profit_percent" double precision DEFAULT 2 NOT NULL,
	"max_volatility_index" double precision DEFAULT 50 NOT NULL,
	"default_auto_close_profit_percent" double precision DEFAULT 5 NOT NULL,
	"notification_prefs" jsonb DEFAULT '{"newOffer":true,"tradeClose":true,"highRisk":false,"lowSuccess":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_entry_min_check" CHECK ("user_preferences"."entry_filter_min_cents" >= 0),
	CONSTRAINT "user_preferences_entry_max_check" CHECK ("user_preferences"."entry_filter_max_cents" >= "user_preferences"."entry_filter_min_cents"),
	CONSTRAINT "user_preferences_auto_tip_check" CHECK ("user_preferences"."auto_tip_percent" between 0 and 100),
	CONSTRAINT "user_preferences_min_success_check" CHECK ("user_preferences"."min_success_rate" between 0 and 100),
	CONSTRAINT "user_preferences_max_risk_check" CHECK ("user_preferences"."max_risk_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "action_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pair" text,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"action" text NOT NULL,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" text NOT NULL,
	"referred_id" text NOT NULL,
	"code" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"campaign" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referred_id_uq" UNIQUE("referred_id"),
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."referrer_id" <> "referrals"."referred_id"),
	CONSTRAINT "referrals_points_check" CHECK ("referrals"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_pair_id_crypto_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."crypto_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_logs" ADD CONSTRAINT "ticker_logs_pair_id_crypto_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."crypto_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_pair_id_crypto_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."crypto_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD CONSTRAINT "analysis_snapshots_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_feedback" ADD CONSTRAINT "offer_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_feedback" ADD CONSTRAINT "offer_feedback_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_pair_id_crypto_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."crypto_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offers" ADD CONSTRAINT "user_offers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offers" ADD CONSTRAINT "user_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_operator_organization_id_organization_id_fk" FOREIGN KEY ("operator_organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_user_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_userId_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitation_organizationId_idx" ON "invitation" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" USING btree ("email");--> statement-breakpoint
CREATE INDEX "member_organizationId_idx" ON "member" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "member_userId_idx" ON "member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_userId_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "crypto_pairs_created_at_idx" ON "crypto_pairs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ticker_logs_pair_id_timestamp_idx" ON "ticker_logs" USING btree ("pair_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticker_logs_timestamp_idx" ON "ticker_logs" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "triggers_symbol_type_idx" ON "triggers" USING btree ("symbol","type");--> statement-breakpoint
CREATE INDEX "triggers_created_at_idx" ON "triggers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "triggers_active_type_idx" ON "triggers" USING btree ("type") WHERE "triggers"."active";--> statement-breakpoint
CREATE INDEX "analyses_pair_id_created_at_idx" ON "analyses" USING btree ("pair_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analyses_user_id_created_at_idx" ON "analyses" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analyses_created_at_idx" ON "analyses" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analyses_completed_pair_idx" ON "analyses" USING btree ("pair_id","completed_at" DESC NULLS LAST) WHERE "analyses"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "analyses_trigger_id_idx" ON "analyses" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "analyses_unfinished_idx" ON "analyses" USING btree ("pair_id","status") WHERE "analyses"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "analysis_snapshots_analysis_id_idx" ON "analysis_snapshots" USING btree ("analysis_id","snapshot_timestamp");--> statement-breakpoint
CREATE INDEX "analysis_snapshots_snapshot_timestamp_idx" ON "analysis_snapshots" USING btree ("snapshot_timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_feedback_offer_id_created_at_idx" ON "offer_feedback" USING btree ("offer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_feedback_user_id_created_at_idx" ON "offer_feedback" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_live_pair_position_type_uq" ON "offers" USING btree ("pair_id","position_type") WHERE "offers"."status" in ('open', 'hot');--> statement-breakpoint
CREATE INDEX "offers_status_created_at_idx" ON "offers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_pair_id_created_at_idx" ON "offers" USING btree ("pair_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_created_at_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_updated_at_idx" ON "offers" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_live_expires_at_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('open', 'hot');--> statement-breakpoint
CREATE INDEX "offers_outcome_idx" ON "offers" USING btree ("position_type","risk_level") WHERE "offers"."outcome" is not null;--> statement-breakpoint
CREATE INDEX "offers_analysis_id_idx" ON "offers" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "offers_trigger_id_idx" ON "offers" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "user_offers_offer_id_idx" ON "user_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "user_offers_created_at_idx" ON "user_offers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_user_id_opened_at_idx" ON "trades" USING btree ("user_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_opened_at_idx" ON "trades" USING btree ("opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_pair_opened_at_idx" ON "trades" USING btree ("pair","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_offer_id_idx" ON "trades" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "trades_open_idx" ON "trades" USING btree ("expires_at") WHERE "trades"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payments_user_id_created_at_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST) WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_auto_tip_trade_uq" ON "payments" USING btree ("trade_id") WHERE "payments"."auto" and "payments"."type" = 'tip';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_id_idx" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_trade_id_idx" ON "ledger_entries" USING btree ("trade_id") WHERE "ledger_entries"."trade_id" is not null;--> statement-breakpoint
CREATE INDEX "user_preferences_updated_at_idx" ON "user_preferences" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "action_logs_timestamp_idx" ON "action_logs" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "action_logs_pair_timestamp_idx" ON "action_logs" USING btree ("pair","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_timestamp_idx" ON "audit_logs" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_timestamp_idx" ON "audit_logs" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_id_created_at_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);