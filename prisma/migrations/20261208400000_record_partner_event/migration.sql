-- A partner's webhook event and its deliveries, written by the statement that makes the change it
-- reports (lib/webhooks/outbox.ts): nothing when no enabled receiver of the partner wants the
-- type, or when an event with the same dedupe key was written before. A function, so the order's
-- move (one statement) keeps one small plan and this part's plans are kept per connection.
-- Answers the event's id, or null when nothing was written.
CREATE FUNCTION "record_partner_event"(p_partner_id uuid, p_type text, p_object_key text, p_data jsonb,
                                       p_dedupe_key text)
RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_id uuid;
  v_seq bigint;
BEGIN
  IF p_partner_id IS NULL OR p_type IS NULL OR NOT EXISTS (
       SELECT 1 FROM "webhook_endpoint"
        WHERE "partner_id" = p_partner_id AND "disabled_at" IS NULL AND p_type = ANY("events")) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "partner_event" ("id", "partner_id", "type", "object_key", "data", "dedupe_key")
    VALUES (gen_random_uuid(), p_partner_id, p_type, p_object_key, p_data, p_dedupe_key)
    ON CONFLICT ("dedupe_key") DO NOTHING
    RETURNING "id", "seq" INTO v_id, v_seq;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "webhook_delivery" ("id", "endpoint_id", "event_id", "object_key", "seq", "next_attempt_at")
    SELECT gen_random_uuid(), e."id", v_id, p_object_key, v_seq, now() FROM "webhook_endpoint" e
     WHERE e."partner_id" = p_partner_id AND e."disabled_at" IS NULL AND p_type = ANY(e."events");
  RETURN v_id;
END
$$;
