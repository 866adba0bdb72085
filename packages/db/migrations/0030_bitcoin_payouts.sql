CREATE TABLE "bitcoin_txs" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"txid" text NOT NULL,
	"raw" text NOT NULL,
	"withdrawal_ids" integer[] NOT NULL,
	"inputs" jsonb NOT NULL,
	"change_index" integer,
	"fee" text NOT NULL,
	"fee_rate" text NOT NULL,
	"replaces" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bitcoin_txs_txid_unique" UNIQUE("txid")
);
--> statement-breakpoint
CREATE INDEX "bitcoin_txs_network_idx" ON "bitcoin_txs" USING btree ("network","id");
