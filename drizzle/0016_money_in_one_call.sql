-- Hand-written (drizzle-kit generate --custom): the money steps as database functions, so each is
-- one call. On the embedded database (one connection) a transaction that waits on the application
-- between its statements holds every other statement behind it; one call never waits.

-- The accounts of a movement: its users' (all three each) and its system accounts.
CREATE FUNCTION "ledger_post_accounts"(users text[], systems text[]) RETURNS ledger_accounts[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT a FROM ledger_accounts AS a
    WHERE a.user_id = ANY(users) OR (a.user_id IS NULL AND a.kind = ANY(systems))
    ORDER BY a.id)
$$;
--> statement-breakpoint

-- Whether a leg of the movement names an account that is not open yet.
CREATE FUNCTION "ledger_post_missing"(legs jsonb, accounts ledger_accounts[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM jsonb_array_elements(legs) AS leg
    WHERE NOT EXISTS (
      SELECT 1 FROM unnest(accounts) AS a
      WHERE a.user_id IS NOT DISTINCT FROM leg->>'userId' AND a.kind = leg->>'account'))
$$;
--> statement-breakpoint

-- A ledger movement (ledger.service.ts `post` validates the legs, then calls this): every account
-- of the movement's users row-locked in id order (so two movements never deadlock), their
-- balances checked under that lock, the entries inserted in account order (the running-balance
-- trigger of 0007 moves the balances). Returns the movement's accounts with their balances before
-- it; system accounts are read without a lock (they keep no balance). When an entry would take a
-- user account below zero it writes no entry and returns `posted` false, without an error, so the
-- caller's transaction stays usable (an automatic tip that does not fit is skipped, not fatal).
-- legs: [{ "userId": text or null, "account": account kind, "amountCents": integer, "kind": entry kind }]
CREATE FUNCTION "ledger_post"(transaction_id uuid, legs jsonb, payment_id uuid, trade_id uuid)
RETURNS TABLE (id uuid, user_id text, kind text, balance_cents bigint, posted boolean)
LANGUAGE plpgsql AS $$
DECLARE
  users text[] := ARRAY(
    SELECT DISTINCT leg->>'userId' FROM jsonb_array_elements(legs) AS leg WHERE leg->>'userId' IS NOT NULL);
  systems text[] := ARRAY(
    SELECT DISTINCT leg->>'account' FROM jsonb_array_elements(legs) AS leg WHERE leg->>'userId' IS NULL);
  accounts ledger_accounts[];
  short boolean;
BEGIN
  PERFORM 1 FROM ledger_accounts AS a WHERE a.user_id = ANY(users) ORDER BY a.id FOR UPDATE;
  accounts := ledger_post_accounts(users, systems);
  IF ledger_post_missing(legs, accounts) THEN
    -- Only a user's first movement (or a system account's first use) opens accounts: all three of
    -- a user's at once, so their later movements never find one missing under the lock.
    INSERT INTO ledger_accounts (user_id, kind, balance_cents)
      SELECT u, k, 0 FROM unnest(users) AS u, unnest(ARRAY['user_available', 'user_held', 'user_positions']) AS k
      UNION ALL
      SELECT NULL, s, NULL FROM unnest(systems) AS s
      ON CONFLICT DO NOTHING;
    PERFORM 1 FROM ledger_accounts AS a WHERE a.user_id = ANY(users) ORDER BY a.id FOR UPDATE;
    accounts := ledger_post_accounts(users, systems);
    IF ledger_post_missing(legs, accounts) THEN
      RAISE EXCEPTION 'Ledger accounts could not be opened';
    END IF;
  END IF;

  short := EXISTS (
    SELECT 1 FROM unnest(accounts) AS a
    JOIN jsonb_array_elements(legs) AS leg ON a.user_id = leg->>'userId' AND a.kind = leg->>'account'
    GROUP BY a.id, a.balance_cents
    HAVING a.balance_cents + sum((leg->>'amountCents')::bigint) < 0);
  RETURN QUERY SELECT a.id, a.user_id, a.kind, a.balance_cents, NOT short FROM unnest(accounts) AS a ORDER BY a.id;
  IF short THEN
    RETURN;
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, kind, payment_id, trade_id)
    SELECT ledger_post.transaction_id, a.id, (leg.value->>'amountCents')::bigint, leg.value->>'kind',
           ledger_post.payment_id, ledger_post.trade_id
    FROM jsonb_array_elements(legs) WITH ORDINALITY AS leg(value, n)
    JOIN unnest(accounts) AS a
      ON a.user_id IS NOT DISTINCT FROM leg.value->>'userId' AND a.kind = leg.value->>'account'
    ORDER BY a.id, leg.n;
END;
$$;
--> statement-breakpoint

-- Appends one row to the audit log's hash chain (0012) inside the caller's transaction. The
-- transaction-scoped advisory lock serialises appends, so each links to the row committed before
-- it; this function is volatile, so the insert's snapshot is taken after the lock is granted.
CREATE FUNCTION "audit_append"(user_id text, action text, details jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7306417221);
  -- id from the sequence under the lock, so id order is chain order.
  INSERT INTO audit_logs (id, user_id, action, details, timestamp, prev_hash, hash)
    SELECT n.id, audit_append.user_id, audit_append.action, audit_append.details, n.at, n.prev,
           audit_log_hash(n.prev, n.id, audit_append.user_id, audit_append.action, audit_append.details, n.at)
    FROM (
      SELECT nextval(pg_get_serial_sequence('audit_logs', 'id')) AS id,
             now() AS at,
             coalesce((SELECT a.hash FROM audit_logs AS a ORDER BY a.id DESC LIMIT 1), '') AS prev
    ) AS n;
END;
$$;
--> statement-breakpoint

-- Step A of an accept (trading/accept-offer.ts) in one call: the acceptance recorded (SQLSTATE
-- HS003 when the trader already acted on the offer), the trade inserted open, its entry moved
-- available → positions through ledger_post (HS001, with the figures as JSON in DETAIL, when it
-- does not fit: the whole step rolls back), the open-trade limit checked under the lock that took
-- (HS002: concurrent accepts of one trader count one by one), and the audit row appended with the
-- balances before and after. Returns the trade and the trader's balances after it.
-- fields: the trades row's columns by name (those not inserted here are ignored).
CREATE FUNCTION "open_trade"(fields jsonb, max_open_trades integer)
RETURNS TABLE (trade trades, balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  given trades := jsonb_populate_record(NULL::trades, fields);
  opened trades;
  posted boolean;
  before_by_kind jsonb;
  after_by_kind jsonb;
  open_count integer;
BEGIN
  INSERT INTO user_offers (user_id, offer_id, action, entry_amount_cents, auto_close_profit_percent)
    VALUES (given.user_id, given.offer_id, 'accepted', given.amount_cents, given.auto_close_profit_percent)
    ON CONFLICT (user_id, offer_id) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the trader already acted on offer %', given.offer_id USING ERRCODE = 'HS003';
  END IF;

  INSERT INTO trades (user_id, offer_id, pair, position_type, direction, side, amount_cents, quantity,
                      entry_price, take_profit_price, stop_loss_price, auto_close_profit_percent,
                      opened_at, expires_at)
    VALUES (given.user_id, given.offer_id, given.pair, given.position_type, given.direction, given.side,
            given.amount_cents, given.quantity, given.entry_price, given.take_profit_price,
            given.stop_loss_price, given.auto_close_profit_percent, given.opened_at, given.expires_at)
    RETURNING * INTO opened;

  SELECT jsonb_object_agg(p.kind, p.balance_cents), bool_and(p.posted) INTO before_by_kind, posted
    FROM ledger_post(gen_random_uuid(), jsonb_build_array(
      jsonb_build_object('userId', opened.user_id, 'account', 'user_available',
                         'amountCents', -opened.amount_cents, 'kind', 'trade_open'),
      jsonb_build_object('userId', opened.user_id, 'account', 'user_positions',
                         'amountCents', opened.amount_cents, 'kind', 'trade_open')), NULL, opened.id) AS p;
  IF NOT posted THEN
    RAISE EXCEPTION 'Insufficient funds in user_available: % cents, % cents requested',
                    before_by_kind->'user_available', opened.amount_cents
      USING ERRCODE = 'HS001',
            DETAIL = json_build_object('account', 'user_available',
                                       'balanceCents', before_by_kind->'user_available',
                                       'requestedCents', opened.amount_cents)::text;
  END IF;
  SELECT jsonb_object_agg(a.kind, a.balance_cents) INTO after_by_kind
    FROM ledger_accounts AS a WHERE a.user_id = opened.user_id;

  SELECT count(*) INTO open_count FROM trades AS t WHERE t.user_id = opened.user_id AND t.status = 'open';
  IF open_count > max_open_trades THEN
    RAISE EXCEPTION 'more than % open trades', max_open_trades USING ERRCODE = 'HS002';
  END IF;

  trade := opened;
  balances := user_balances_json(after_by_kind);
  PERFORM audit_append(opened.user_id, 'trade.open', jsonb_build_object(
    'tradeId', opened.id, 'offerId', opened.offer_id, 'amountCents', opened.amount_cents,
    'before', user_balances_json(before_by_kind), 'after', balances));
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- A user's balances as the application names them (ledger.service.ts UserBalances), from
-- `{ account kind: cents }`.
CREATE FUNCTION "user_balances_json"(by_kind jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('availableCents', by_kind->'user_available', 'heldCents', by_kind->'user_held',
                            'positionsCents', by_kind->'user_positions')
$$;
--> statement-breakpoint

-- Step C of an accept, the order filled, in one call: the real fill stored on the trade while it is
-- still open and unfilled (SQLSTATE HS004 otherwise), and with an Idempotency-Key the request's
-- answer (200, `answer`) stored beside it. Returns the stored trade.
-- fill: the trades columns the fill sets, by name.
CREATE FUNCTION "store_trade_fill"(trade_id uuid, fill jsonb, answer_user_id text, answer_key text, answer jsonb)
RETURNS SETOF trades
LANGUAGE plpgsql AS $$
DECLARE
  given trades := jsonb_populate_record(NULL::trades, fill);
  stored trades;
BEGIN
  UPDATE trades AS t SET entry_price = given.entry_price, quantity = given.quantity,
                         entry_fee = given.entry_fee, fee_cents = given.fee_cents,
                         entry_order_id = given.entry_order_id, filled_at = given.filled_at,
                         profit_percent = given.profit_percent
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
