-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "TokenType" AS ENUM ('ADMIN', 'CUSTOMER');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('PENDING', 'PAID', 'COMPLETED', 'EXPIRED', 'FAILED');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('card', 'crypto');

-- CreateTable
CREATE TABLE "partner" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "partner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_token" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "type" "TokenType" NOT NULL,
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "valid_till" TIMESTAMPTZ(3) NOT NULL,
    "hint" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "access_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tld" (
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tld_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "domain" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "node" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "tld" TEXT NOT NULL,
    "parent_id" UUID,
    "owner_address" TEXT NOT NULL,
    "owner_key" TEXT NOT NULL,
    "partner_id" UUID,
    "content_hash" TEXT NOT NULL DEFAULT '',
    "subdomains_enabled" BOOLEAN NOT NULL DEFAULT false,
    "subdomain_price_cents" INTEGER,
    "subdomain_count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "domain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_record" (
    "id" UUID NOT NULL,
    "domain_id" UUID NOT NULL,
    "coin" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "coin_type" BIGINT NOT NULL,
    "address" TEXT NOT NULL,

    CONSTRAINT "wallet_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dns_record" (
    "id" UUID NOT NULL,
    "domain_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "ttl" INTEGER NOT NULL,

    CONSTRAINT "dns_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "text_record" (
    "id" UUID NOT NULL,
    "domain_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "text_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reverse_record" (
    "address" TEXT NOT NULL,
    "domain_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reverse_record_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "subdomain_daily_count" (
    "parent_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "subdomain_daily_count_pkey" PRIMARY KEY ("parent_id","day")
);

-- CreateTable
CREATE TABLE "order" (
    "id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "name_service" TEXT NOT NULL DEFAULT 'native',
    "parent_id" UUID,
    "partner_id" UUID,
    "owner_address" TEXT NOT NULL,
    "owner_email" TEXT,
    "owner_name" TEXT,
    "external_user_id" UUID,
    "wallet_addrs" JSONB NOT NULL DEFAULT '[]',
    "years" INTEGER NOT NULL,
    "base_currency" TEXT NOT NULL DEFAULT 'USD',
    "base_price_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "price" TEXT NOT NULL,
    "payment_type" "PaymentType" NOT NULL,
    "payment_reference_id" UUID NOT NULL,
    "order_status" "OrderStatus" NOT NULL DEFAULT 'PENDING',
    "order_status_reason" TEXT NOT NULL DEFAULT '',
    "checkout_id" UUID,
    "request_hash" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_event" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "name_reservation" (
    "domain" TEXT NOT NULL,
    "order_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "name_reservation_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "payment" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "processor" TEXT NOT NULL,
    "processor_ref" TEXT,
    "processor_customer_id" TEXT,
    "connected_account_id" TEXT,
    "chain" TEXT,
    "deposit_address" TEXT,
    "derivation_index" INTEGER,
    "token_contract" TEXT,
    "decimals" INTEGER,
    "amount_due" TEXT NOT NULL,
    "amount_received" TEXT NOT NULL DEFAULT '0',
    "confirmations" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crypto_transfer" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "chain" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "amount" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crypto_transfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "derivation_counter" (
    "key" TEXT NOT NULL,
    "next_index" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "derivation_counter_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "chain_cursor" (
    "chain" TEXT NOT NULL,
    "block" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chain_cursor_pkey" PRIMARY KEY ("chain")
);

-- CreateTable
CREATE TABLE "webhook_event" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_payment_intent" (
    "id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "connected_account_id" TEXT,
    "idempotency_key" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "test_payment_intent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_window" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_window_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "access_token_partner_id_created_at_idx" ON "access_token"("partner_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "domain_name_key" ON "domain"("name");

-- CreateIndex
CREATE UNIQUE INDEX "domain_node_key" ON "domain"("node");

-- CreateIndex
CREATE INDEX "domain_parent_id_created_at_id_idx" ON "domain"("parent_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "domain_parent_id_owner_key_idx" ON "domain"("parent_id", "owner_key");

-- CreateIndex
CREATE INDEX "domain_owner_key_idx" ON "domain"("owner_key");

-- CreateIndex
CREATE INDEX "domain_partner_id_idx" ON "domain"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_record_domain_id_coin_version_key" ON "wallet_record"("domain_id", "coin", "version");

-- CreateIndex
CREATE INDEX "dns_record_domain_id_idx" ON "dns_record"("domain_id");

-- CreateIndex
CREATE UNIQUE INDEX "text_record_domain_id_key_key" ON "text_record"("domain_id", "key");

-- CreateIndex
CREATE INDEX "reverse_record_domain_id_idx" ON "reverse_record"("domain_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_payment_reference_id_key" ON "order"("payment_reference_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_checkout_id_key" ON "order"("checkout_id");

-- CreateIndex
CREATE INDEX "order_partner_id_order_status_created_at_idx" ON "order"("partner_id", "order_status", "created_at");

-- CreateIndex
CREATE INDEX "order_order_status_expires_at_idx" ON "order"("order_status", "expires_at");

-- CreateIndex
CREATE INDEX "order_domain_idx" ON "order"("domain");

-- CreateIndex
CREATE INDEX "order_event_order_id_created_at_idx" ON "order_event"("order_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "name_reservation_order_id_key" ON "name_reservation"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_order_id_key" ON "payment"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_processor_ref_key" ON "payment"("processor_ref");

-- CreateIndex
CREATE INDEX "payment_chain_deposit_address_idx" ON "payment"("chain", "deposit_address");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_transfer_chain_tx_hash_log_index_key" ON "crypto_transfer"("chain", "tx_hash", "log_index");

-- CreateIndex
CREATE UNIQUE INDEX "test_payment_intent_client_secret_key" ON "test_payment_intent"("client_secret");

-- CreateIndex
CREATE UNIQUE INDEX "test_payment_intent_idempotency_key_key" ON "test_payment_intent"("idempotency_key");

-- CreateIndex
CREATE INDEX "rate_limit_window_reset_at_idx" ON "rate_limit_window"("reset_at");

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "domain" ADD CONSTRAINT "domain_tld_fkey" FOREIGN KEY ("tld") REFERENCES "tld"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "domain" ADD CONSTRAINT "domain_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "domain"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "domain" ADD CONSTRAINT "domain_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_record" ADD CONSTRAINT "wallet_record_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dns_record" ADD CONSTRAINT "dns_record_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "text_record" ADD CONSTRAINT "text_record_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reverse_record" ADD CONSTRAINT "reverse_record_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subdomain_daily_count" ADD CONSTRAINT "subdomain_daily_count_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order" ADD CONSTRAINT "order_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crypto_transfer" ADD CONSTRAINT "crypto_transfer_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

