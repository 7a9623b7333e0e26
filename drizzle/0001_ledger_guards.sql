-- Hand-written (drizzle-kit generate --custom): invariants drizzle's schema DSL cannot express.
-- See src/server/db/schema/ledger.ts and settings.ts.

-- Ledger entries are immutable: corrections are reversing entries, never UPDATE or DELETE.
CREATE OR REPLACE FUNCTION ledger_entries_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries are immutable (% refused); post a reversing entry instead', TG_OP
    USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint

-- Double entry: the legs of one transaction_id sum to zero. Checked at COMMIT (deferred), so a
-- movement's legs may be inserted one by one, but all inside the same database transaction.
CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total
    FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced by % cents', NEW.transaction_id, total
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
--> statement-breakpoint

-- The global settings singleton always exists, with the column defaults as product defaults.
INSERT INTO global_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
