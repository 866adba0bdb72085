CREATE TABLE "maker_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"levels" integer DEFAULT 3 NOT NULL,
	"spread_bps" integer DEFAULT 20 NOT NULL,
	"size" numeric(36, 18) DEFAULT '0' NOT NULL,
	"refresh_ms" integer DEFAULT 5000 NOT NULL,
	"base_min" numeric(36, 18),
	"base_max" numeric(36, 18),
	"quote_min" numeric(36, 18),
	"quote_max" numeric(36, 18),
	"hedge" boolean DEFAULT false NOT NULL,
	"max_unhedged" numeric(36, 18) DEFAULT '0' NOT NULL,
	"hedged_through" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_pairs_levels" CHECK ("maker_pairs"."levels" between 1 and 50),
	CONSTRAINT "maker_pairs_spread" CHECK ("maker_pairs"."spread_bps" between 1 and 5000),
	CONSTRAINT "maker_pairs_refresh" CHECK ("maker_pairs"."refresh_ms" >= 200)
);
--> statement-breakpoint
CREATE TABLE "maker_hedges" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"trade_id" integer NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"venue" text NOT NULL,
	"venue_order_id" text,
	"price" numeric(36, 18),
	"error" text,
	"retry_at" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_hedges_side" CHECK ("maker_hedges"."side" in ('buy', 'sell')),
	CONSTRAINT "maker_hedges_status" CHECK ("maker_hedges"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "maker_hedges_trade_idx" ON "maker_hedges" USING btree ("trade_id");
--> statement-breakpoint
CREATE INDEX "maker_hedges_symbol_idx" ON "maker_hedges" USING btree ("symbol","id");
