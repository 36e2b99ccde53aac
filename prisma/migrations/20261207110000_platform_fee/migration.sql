-- The platform's fee on a partner's card sale, decided with the order (issue 31, platform fee).
ALTER TABLE "payment" ADD COLUMN "platform_fee_cents" INTEGER;
