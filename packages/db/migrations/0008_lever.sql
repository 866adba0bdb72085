CREATE TABLE "lever_pairs" (
	"symbol" text PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"lot_size" numeric(36, 18) NOT NULL,
	"multiples" integer[] NOT NULL,
	"spread" numeric(12, 8) NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"maintenance_ratio" numeric(12, 8) DEFAULT '0.2' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lever_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"coin_id" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"lots" integer NOT NULL,
	"multiple" integer NOT NULL,
	"lot_size" numeric(36, 18) NOT NULL,
	"spread" numeric(12, 8) NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"maintenance_ratio" numeric(12, 8) NOT NULL,
	"limit_price" numeric(36, 18),
	"open_price" numeric(36, 18),
	"open_tick_price" numeric(36, 18),
	"open_time" bigint,
	"margin" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"stop_profit" numeric(36, 18),
	"stop_loss" numeric(36, 18),
	"liquidation_price" numeric(36, 18),
	"close_price" numeric(36, 18),
	"close_time" bigint,
	"close_reason" text,
	"profit" numeric(36, 18),
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "lever_positions_side" CHECK ("lever_positions"."side" in ('long', 'short')),
	CONSTRAINT "lever_positions_type" CHECK ("lever_positions"."type" in ('market', 'limit')),
	CONSTRAINT "lever_positions_status" CHECK ("lever_positions"."status" in ('waiting', 'holding', 'closed', 'cancelled')),
	CONSTRAINT "lever_positions_reason" CHECK ("lever_positions"."close_reason" is null or "lever_positions"."close_reason" in ('manual', 'stop_profit', 'stop_loss', 'liquidation')),
	CONSTRAINT "lever_positions_lots" CHECK ("lever_positions"."lots" >= 1 and "lever_positions"."multiple" >= 1),
	CONSTRAINT "lever_positions_money" CHECK ("lever_positions"."margin" > 0 and "lever_positions"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lever_pairs" ADD CONSTRAINT "lever_pairs_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lever_positions_open_idx" ON "lever_positions" USING btree ("symbol","id") WHERE "lever_positions"."status" in ('waiting', 'holding');--> statement-breakpoint
CREATE INDEX "lever_positions_user_idx" ON "lever_positions" USING btree ("user_id","status","id");