ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "balance_cents" bigint;--> statement-breakpoint
-- Accounts opened before running balances existed start from the sum of their entries.
UPDATE "ledger_accounts" AS a
  SET "balance_cents" = coalesce((SELECT sum(e."amount_cents") FROM "ledger_entries" AS e WHERE e."account_id" = a."id"), 0)
  WHERE a."user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_kept_check" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."balance_cents" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'user_positions', 'platform_revenue', 'platform_fees', 'external_card', 'external_payout', 'external_market'));--> statement-breakpoint
-- Hand-written: a user account's running balance moves with every entry, in the entry's own
-- transaction, so it always equals the sum of its entries (entries are immutable: 0001). System
-- accounts (user_id NULL) match no row here and take no lock.
CREATE OR REPLACE FUNCTION ledger_entries_running_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance_cents = balance_cents + NEW.amount_cents
    WHERE id = NEW.account_id AND user_id IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_running_balance
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_running_balance();
