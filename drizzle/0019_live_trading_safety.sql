CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"exchange" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"implied" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tolerance_usd" double precision NOT NULL,
	"error" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"acknowledge_note" text,
	CONSTRAINT "reconciliation_runs_status_check" CHECK ("reconciliation_runs"."status" in ('baseline', 'balanced', 'drift', 'error', 'deferred')),
	CONSTRAINT "reconciliation_runs_trigger_check" CHECK ("reconciliation_runs"."trigger" in ('schedule', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('simulated', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "unknown_order" jsonb;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "trading_halted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "trading_halt_reason" text;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "trading_halted_by" text;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_acknowledged_by_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_ran_at_idx" ON "reconciliation_runs" USING btree ("ran_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_trading_halted_by_user_id_fk" FOREIGN KEY ("trading_halted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_trading_halt_check" CHECK (("global_settings"."trading_halted_at" is null) = ("global_settings"."trading_halt_reason" is null));--> statement-breakpoint
-- The entry fill found by a later lookup is stored by the same statement: the order is no longer unknown.
CREATE OR REPLACE FUNCTION "store_trade_fill"(trade_id uuid, fill jsonb, answer_user_id text, answer_key text, answer jsonb)
RETURNS SETOF trades
LANGUAGE plpgsql AS $$
DECLARE
  given trades := jsonb_populate_record(NULL::trades, fill);
  stored trades;
BEGIN
  UPDATE trades AS t SET entry_price = given.entry_price, quantity = given.quantity,
                         entry_fee = given.entry_fee, fee_cents = given.fee_cents,
                         entry_order_id = given.entry_order_id, filled_at = given.filled_at,
                         profit_percent = given.profit_percent, unknown_order = NULL
    WHERE t.id = trade_id AND t.status = 'open' AND t.filled_at IS NULL
    RETURNING * INTO stored;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'trade % stopped being open while its entry order ran', trade_id USING ERRCODE = 'HS004';
  END IF;
  IF answer_key IS NOT NULL THEN
    UPDATE idempotency_keys AS k SET status_code = 200, response = answer
      WHERE k.user_id = answer_user_id AND k.key = answer_key;
  END IF;
  RETURN NEXT stored;
END;
$$;
--> statement-breakpoint
-- Step A of an accept with the operator's and the plan's say, still one statement (PGlite runs
-- one transaction at a time: every round trip inside one would hold up every other request):
-- the kill switch read under a share lock of the settings row (a halt's update waits for this
-- statement, and every later one sees the halt: HS005, DETAIL the reason), then the Free plan's
-- monthly limit counted under a lock of the trader's own, so simultaneous accepts by one trader
-- queue here and never beat it (HS006), then open_trade. Pro as billing/plan.ts decides it: the
-- subscription alive (active, trialing, past_due) and, once cancelled, not past its period's end.
CREATE FUNCTION "open_trade_checked"(fields jsonb, max_open_trades integer, free_limit integer,
                                     month_start timestamptz, at timestamptz)
RETURNS TABLE (trade trades, balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  trader text := fields->>'user_id';
  halt_reason text;
  sub subscriptions;
  accepted integer;
BEGIN
  SELECT s.trading_halt_reason INTO halt_reason FROM global_settings AS s WHERE s.id = 1 FOR SHARE;
  IF halt_reason IS NOT NULL THEN
    RAISE EXCEPTION 'trading is halted' USING ERRCODE = 'HS005', DETAIL = halt_reason;
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended('plan:' || trader, 0));
  SELECT * INTO sub FROM subscriptions AS s WHERE s.user_id = trader;
  IF NOT (FOUND AND sub.status IN ('active', 'trialing', 'past_due')
          AND NOT (sub.cancel_at_period_end AND sub.current_period_end <= at)) THEN
    SELECT count(*) INTO accepted FROM trades AS t
      WHERE t.user_id = trader AND t.opened_at >= month_start AND t.status <> 'failed';
    IF accepted >= free_limit THEN
      RAISE EXCEPTION 'the Free plan''s accepts of this month are used' USING ERRCODE = 'HS006';
    END IF;
  END IF;

  RETURN QUERY SELECT * FROM open_trade(fields, max_open_trades);
END;
$$;
