CREATE TABLE "spot_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(36, 18),
	"amount" numeric(36, 18) NOT NULL,
	"funds" numeric(36, 18),
	"filled" numeric(36, 18) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"locked" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "spot_orders_side" CHECK ("spot_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "spot_orders_type" CHECK ("spot_orders"."type" in ('limit', 'market')),
	CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" in ('waiting', 'completed', 'cancelled')),
	CONSTRAINT "spot_orders_locked" CHECK ("spot_orders"."locked" >= 0 and "spot_orders"."filled" >= 0 and "spot_orders"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spot_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"base_coin_id" integer NOT NULL,
	"quote_coin_id" integer NOT NULL,
	"price_scale" integer NOT NULL,
	"amount_scale" integer NOT NULL,
	"tick" numeric(36, 18) NOT NULL,
	"step" numeric(36, 18) NOT NULL,
	"maker_fee" numeric(12, 8) DEFAULT '0.001' NOT NULL,
	"taker_fee" numeric(12, 8) DEFAULT '0.001' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"quote" numeric(36, 18) NOT NULL,
	"taker_side" text NOT NULL,
	"maker_order_id" integer NOT NULL,
	"taker_order_id" integer NOT NULL,
	"maker_fee" numeric(36, 18) NOT NULL,
	"taker_fee" numeric(36, 18) NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inviter_id" integer,
	"source" text NOT NULL,
	"ref_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_pairs" ADD CONSTRAINT "spot_pairs_base_coin_id_coins_id_fk" FOREIGN KEY ("base_coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_pairs" ADD CONSTRAINT "spot_pairs_quote_coin_id_coins_id_fk" FOREIGN KEY ("quote_coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_fees" ADD CONSTRAINT "trading_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_orders_open_idx" ON "spot_orders" USING btree ("symbol","id") WHERE "spot_orders"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_trades_symbol_idx" ON "spot_trades" USING btree ("symbol","id");--> statement-breakpoint
CREATE INDEX "spot_trades_maker_idx" ON "spot_trades" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "spot_trades_taker_idx" ON "spot_trades" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "trading_fees_inviter_idx" ON "trading_fees" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "trading_fees_user_idx" ON "trading_fees" USING btree ("user_id","id");