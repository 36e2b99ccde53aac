-- A suspended name (its payment was reversed) is never released by its expiry: take_name_hold
-- answers 'registered' for it whatever its expiry, so nobody buys it (issue 29 item 15).
CREATE OR REPLACE FUNCTION "take_name_hold"(p_name text, p_order_id uuid, p_at timestamptz, p_released_before timestamptz)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO "name_reservation" ("domain", "order_id", "created_at") VALUES (p_name, p_order_id, p_at)
    ON CONFLICT ("domain") DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'busy';
  END IF;
  IF EXISTS (SELECT 1 FROM "domain" WHERE "name" = p_name
               AND ("expires_at" IS NULL OR "expires_at" > p_released_before OR "suspended_at" IS NOT NULL)) THEN
    DELETE FROM "name_reservation" WHERE "domain" = p_name AND "order_id" = p_order_id;
    RETURN 'registered';
  END IF;
  RETURN 'held';
END
$$;
