-- Owner addresses bound to a partner, for the dashboard's wallet sign-in (issue 32).
-- CreateTable
CREATE TABLE "partner_owner_address" (
    "address" TEXT NOT NULL,
    "partner_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_owner_address_pkey" PRIMARY KEY ("address")
);

-- CreateIndex
CREATE INDEX "partner_owner_address_partner_id_idx" ON "partner_owner_address"("partner_id");

