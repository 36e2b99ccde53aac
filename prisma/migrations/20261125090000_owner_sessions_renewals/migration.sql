-- CreateEnum
CREATE TYPE "OrderKind" AS ENUM ('PURCHASE', 'RENEWAL');

-- AlterTable
ALTER TABLE "domain" ADD COLUMN     "registered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Names registered before this migration started their registration when they were created.
UPDATE "domain" SET "registered_at" = "created_at";

-- AlterTable
ALTER TABLE "order" ADD COLUMN     "kind" "OrderKind" NOT NULL DEFAULT 'PURCHASE',
ADD COLUMN     "name_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "replay_response" JSONB;

-- CreateTable
CREATE TABLE "owner_nonce_use" (
    "nonce" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_nonce_use_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "owner_session" (
    "id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "owner_nonce_use_used_at_idx" ON "owner_nonce_use"("used_at");

-- CreateIndex
CREATE INDEX "owner_session_expires_at_idx" ON "owner_session"("expires_at");

