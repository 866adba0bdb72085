CREATE TABLE "index_prices" (
	"symbol" text NOT NULL,
	"time" bigint NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"sources" jsonb NOT NULL,
	CONSTRAINT "index_prices_symbol_time_pk" PRIMARY KEY("symbol","time")
);
--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "close_sources" jsonb;
