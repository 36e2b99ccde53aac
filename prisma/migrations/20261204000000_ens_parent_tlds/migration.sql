-- ENS parents (issue 30): a TLD row may be ENS's, holding partners' ENS parent domains and their
-- sub-names, which the CCIP-Read gateway serves; only `native` TLDs sell second-level names.
ALTER TABLE "tld" ADD COLUMN "name_service" TEXT NOT NULL DEFAULT 'native';
