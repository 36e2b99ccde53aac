-- Events of one object (a sub-name, an order) are numbered in the order their transactions commit,
-- so the deliverer (lib/webhooks/deliver.ts), which sends an object's deliveries by `seq`, never
-- sends a later change before an earlier one. A `seq` taken when the event is written is not
-- enough on PostgreSQL: a transaction that wrote an object's event first can commit last (refund
-- events are written under the payment's lock, an order's move under the order's).
--
-- So the number is given again at commit: a deferred trigger locks every object the transaction
-- wrote events for (in one global order, so two transactions never wait on each other in a
-- cycle), then renumbers its events and their deliveries from the sequence. The lock is held
-- until the commit is visible, so a later transaction's number for the same object is higher and
-- its commit comes after. Taken at commit, the lock adds no wait while the transaction still takes
-- row locks (no lock order to review against the payment's and the order's).
--
-- The transaction's own events are the rows not yet `numbered`: every committed row is numbered,
-- and other transactions' rows in flight are not visible to it. A partial index holds only those.

ALTER TABLE "partner_event" ADD COLUMN "numbered" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "partner_event" ALTER COLUMN "numbered" SET DEFAULT false;
CREATE INDEX "partner_event_unnumbered_idx" ON "partner_event"("seq") WHERE NOT "numbered";

CREATE FUNCTION "number_partner_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lock bigint;
  v_id uuid;
  v_seq bigint;
BEGIN
  -- The first of the transaction's deferred calls numbers every event it wrote; the others find
  -- none left.
  IF NOT EXISTS (SELECT 1 FROM "partner_event" WHERE NOT "numbered") THEN
    RETURN NULL;
  END IF;
  FOR v_lock IN SELECT DISTINCT hashtextextended('partner_event:' || "object_key", 0) AS k
                  FROM "partner_event" WHERE NOT "numbered" ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_lock);
  END LOOP;
  FOR v_id IN SELECT "id" FROM "partner_event" WHERE NOT "numbered" ORDER BY "seq" LOOP
    v_seq := nextval(pg_get_serial_sequence('"partner_event"', 'seq'));
    UPDATE "partner_event" SET "seq" = v_seq, "numbered" = true WHERE "id" = v_id;
    UPDATE "webhook_delivery" SET "seq" = v_seq WHERE "event_id" = v_id;
  END LOOP;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "partner_event_numbered" AFTER INSERT ON "partner_event"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "number_partner_events"();

-- The renumbering finds an event's deliveries by the event.
CREATE INDEX "webhook_delivery_event_id_idx" ON "webhook_delivery"("event_id");
