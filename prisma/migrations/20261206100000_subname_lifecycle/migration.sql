-- Endpoint 4's filters stay index-served at any number of sub-names (issue 32):
-- a label prefix is a byte-wise range on (parent_id, label text_pattern_ops), which serves it
-- whatever the database's collation; an owner filter walks (parent_id, owner_key) in the
-- listing's own keyset order, so its pages and its total never sort or scan the parent.
CREATE INDEX "domain_parent_id_label_pattern_idx" ON "domain"("parent_id", "label" text_pattern_ops);

DROP INDEX "domain_parent_id_owner_key_idx";
CREATE INDEX "domain_parent_id_owner_key_created_at_id_idx" ON "domain"("parent_id", "owner_key", "created_at" DESC, "id" DESC);
