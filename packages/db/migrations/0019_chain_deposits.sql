CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_network_number_pk" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"head" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_txs" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"network" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_txs_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status";--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "voucher" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations_required" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "chain_status" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "chain_error" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_txs" ADD CONSTRAINT "chain_txs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_txs_withdrawal_idx" ON "chain_txs" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "chain_txs_nonce_idx" ON "chain_txs" USING btree ("network","from_address","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_uq" ON "deposits" USING btree ("network","tx_hash","log_index") WHERE "deposits"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_chain_idx" ON "withdrawals" USING btree ("network","chain_status") WHERE "withdrawals"."chain_status" in ('queued', 'sent');--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_evidence" CHECK ("deposits"."voucher" is not null or "deposits"."tx_hash" is not null);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('review', 'passed', 'rejected', 'confirming', 'dropped'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_chain_status" CHECK ("withdrawals"."chain_status" is null or "withdrawals"."chain_status" in ('queued', 'sent', 'confirmed', 'failed'));