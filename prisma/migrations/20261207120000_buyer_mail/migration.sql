-- Mails to buyers: receipts and refund notices, each claimed once (issue 31, e-mail).
CREATE TABLE "buyer_mail" (
    "key" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "buyer_mail_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "buyer_mail_sent_at_next_attempt_at_idx" ON "buyer_mail"("sent_at", "next_attempt_at");
-- The mail job looks at recent completions and refunds only.
CREATE INDEX "order_completed_at_idx" ON "order"("completed_at");
CREATE INDEX "refund_created_at_idx" ON "refund"("created_at");
CREATE INDEX "refund_paid_at_idx" ON "refund"("paid_at");
