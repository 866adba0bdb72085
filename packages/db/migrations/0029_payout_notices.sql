ALTER TABLE "withdrawals" ADD COLUMN "chain_told" text;--> statement-breakpoint
-- Payouts already sent, confirmed or failed before users were told of them are not told now.
UPDATE "withdrawals" SET "chain_told" = "chain_status" WHERE "chain_status" IN ('sent', 'confirmed', 'failed');
