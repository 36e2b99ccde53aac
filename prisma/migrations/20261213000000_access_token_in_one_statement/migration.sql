-- A partner's access token, written only while the partner holds fewer than p_most live ones
-- (lib/partners/access-tokens.ts). The partner's row is the lock, as lib/partners/partner-lock.ts
-- takes it: two creations at once count each other's token. One statement, so the row is held for
-- the statement alone: taken in a transaction of three statements it stayed held across the
-- server's round trips, and under load creations queued on it while each held a connection of the
-- pool (docs/operations.md, thirty-fourth round). Each statement of a volatile function sees what
-- committed before it began, so the count, run once the lock is held, sees the token of a creation
-- that held it before. Answers whether it wrote the token.
CREATE FUNCTION "create_access_token"(p_id uuid, p_partner_id uuid, p_label text, p_type "TokenType",
                                      p_valid_from timestamptz, p_valid_till timestamptz, p_hint text,
                                      p_now timestamptz, p_most integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "partner" WHERE "id" = p_partner_id FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM "access_token"
       WHERE "partner_id" = p_partner_id AND "valid_till" > p_now) >= p_most THEN
    RETURN false;
  END IF;
  INSERT INTO "access_token" ("id", "partner_id", "label", "type", "valid_from", "valid_till", "hint",
                              "created_at", "updated_at")
    VALUES (p_id, p_partner_id, p_label, p_type, p_valid_from, p_valid_till, p_hint, p_now, p_now);
  RETURN true;
END
$$;
