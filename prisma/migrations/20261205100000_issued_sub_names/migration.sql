-- Reverse resolution within a parent (endpoint 6) answers only sub-names the partner issued to the
-- address, or the address's own primary name: never a name a third party bought naming it as owner.
ALTER TABLE "domain" ADD COLUMN "issued_to_key" TEXT;

-- Existing sub-domains that no purchase paid for were issued by their partner (or seeded), to the
-- address that owns them now.
UPDATE "domain" d SET "issued_to_key" = d."owner_key"
 WHERE d."parent_id" IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM "order" o
                    WHERE o."domain" = d."name" AND o."kind" = 'PURCHASE' AND o."paid_at" IS NOT NULL);
