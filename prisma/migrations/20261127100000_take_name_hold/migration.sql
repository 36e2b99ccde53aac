-- A purchase's hold on its name, taken by the statement that writes its order
-- (lib/market/order-rows.ts, writeOrderTakingHold), so a purchase needs no transaction of its own.
-- Registration releases a name's hold in the transaction that registers it, so the hold's insert
-- may wait for that commit; the registration is then read by a statement of its own, which in a
-- VOLATILE function takes a new snapshot and sees it (the calling statement's snapshot is older).
-- A hold on a name that is registered and not yet released (p_released_before: registrations
-- that expired at or before it are back on the market) is given back at once.
-- Answers 'held', 'busy' (another order holds the name) or 'registered'.
CREATE FUNCTION "take_name_hold"(p_name text, p_order_id uuid, p_at timestamptz, p_released_before timestamptz)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO "name_reservation" ("domain", "order_id", "created_at") VALUES (p_name, p_order_id, p_at)
    ON CONFLICT ("domain") DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'busy';
  END IF;
  IF EXISTS (SELECT 1 FROM "domain" WHERE "name" = p_name
               AND ("expires_at" IS NULL OR "expires_at" > p_released_before)) THEN
    DELETE FROM "name_reservation" WHERE "domain" = p_name AND "order_id" = p_order_id;
    RETURN 'registered';
  END IF;
  RETURN 'held';
END
$$;
