ALTER TABLE "spot_klines" ADD COLUMN "taker_buy_volume" numeric(36, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_klines" ADD COLUMN "taker_buy_quote_volume" numeric(36, 18) DEFAULT '0' NOT NULL;
