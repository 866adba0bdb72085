CREATE TABLE "option_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"type" text NOT NULL,
	"seconds" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"number" numeric(36, 18) NOT NULL,
	"profit_rate" numeric(12, 8) NOT NULL,
	"open_price" numeric(36, 18) NOT NULL,
	"open_time" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"settle_time" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"close_price" numeric(36, 18),
	"close_time" bigint,
	"result" text,
	"profit" numeric(36, 18),
	"settled_at" bigint,
	CONSTRAINT "option_orders_type" CHECK ("option_orders"."type" in ('call', 'put', 'even')),
	CONSTRAINT "option_orders_status" CHECK ("option_orders"."status" in ('open', 'settled')),
	CONSTRAINT "option_orders_result" CHECK ("option_orders"."result" is null or "option_orders"."result" in ('win', 'lose', 'refund')),
	CONSTRAINT "option_orders_number" CHECK ("option_orders"."number" > 0),
	CONSTRAINT "option_orders_settled" CHECK (("option_orders"."status" = 'open') = ("option_orders"."result" is null and "option_orders"."close_price" is null))
);
--> statement-breakpoint
CREATE TABLE "option_periods" (
	"seconds" integer PRIMARY KEY NOT NULL,
	"profit_rate" numeric(12, 8) NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_periods_seconds" CHECK ("option_periods"."seconds" > 0),
	CONSTRAINT "option_periods_rate" CHECK ("option_periods"."profit_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_orders_due_idx" ON "option_orders" USING btree ("settle_time","id") WHERE "option_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "option_orders_user_idx" ON "option_orders" USING btree ("user_id","status","id");