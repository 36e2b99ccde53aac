-- Each name's records as resolution reads them (lib/resolution/native-records.ts), kept on the
-- name's row as JSON in the order the interface lists them, so a name asked for the first time
-- costs one index lookup instead of three aggregates built per name per query. The record tables
-- stay the truth: a trigger on each rebuilds the three columns of every name a statement changed,
-- inside that statement's transaction, whatever wrote it (Prisma, raw SQL, a cascade). Measured
-- (docs/operations.md, fifteenth round): the embedded database's CPU per cache miss fell by a third.
-- Not in schema.prisma: Prisma's client would select them with every row it reads.
ALTER TABLE "domain"
  ADD COLUMN "records_wallets" json NOT NULL DEFAULT '[]',
  ADD COLUMN "records_dns" json NOT NULL DEFAULT '[]',
  ADD COLUMN "records_texts" json NOT NULL DEFAULT '[]';

-- Rebuilds the columns of the given names from the record tables. The rows are locked first (in
-- one order), and the rebuild is a statement of its own: under READ COMMITTED it then reads what a
-- transaction that held a row's lock committed. An UPDATE alone that waited for that lock would
-- recheck its row but build the JSON from its older snapshot, losing the other's records.
CREATE FUNCTION "refresh_domain_records"(p_domain_ids uuid[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM "domain" WHERE "id" = ANY(p_domain_ids) ORDER BY "id" FOR UPDATE;
  UPDATE "domain" d SET
    "records_wallets" = COALESCE((SELECT json_agg(json_build_object(
        'coin', w."coin", 'version', w."version", 'coinType', w."coin_type"::text, 'address', w."address")
        ORDER BY w."coin", w."version") FROM "wallet_record" w WHERE w."domain_id" = d."id"), '[]'),
    "records_dns" = COALESCE((SELECT json_agg(json_build_object(
        'name', r."name", 'ttl', r."ttl", 'type', r."type", 'value', r."value")
        ORDER BY r."type", r."name", r."value") FROM "dns_record" r WHERE r."domain_id" = d."id"), '[]'),
    "records_texts" = COALESCE((SELECT json_agg(json_build_object('key', t."key", 'value', t."value")
        ORDER BY t."key") FROM "text_record" t WHERE t."domain_id" = d."id"), '[]')
  WHERE d."id" = ANY(p_domain_ids)
$$;

-- Once per statement on a record table, for the names its rows belonged to before and after.
CREATE FUNCTION "domain_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_domain_records"(ARRAY(SELECT DISTINCT "domain_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_domain_records"(ARRAY(SELECT DISTINCT "domain_id" FROM old_rows));
  ELSE
    PERFORM "refresh_domain_records"(
      ARRAY(SELECT "domain_id" FROM new_rows UNION SELECT "domain_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- On each record table: after an insert, an update and a delete, with the rows they touched.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['wallet_record', 'dns_record', 'text_record'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "domain_records_changed"()', t || '_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "domain_records_changed"()', t || '_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "domain_records_changed"()', t || '_deleted', t);
  END LOOP;
END
$$;

-- The names registered before this migration.
SELECT "refresh_domain_records"(ARRAY(
  SELECT "domain_id" FROM "wallet_record" UNION SELECT "domain_id" FROM "dns_record"
  UNION SELECT "domain_id" FROM "text_record"));
