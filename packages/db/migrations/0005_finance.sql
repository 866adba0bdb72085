CREATE TABLE "finance_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"day" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"penalty_rate" numeric(12, 8) NOT NULL,
	"days" integer NOT NULL,
	"status" text NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"earned" numeric(36, 18) DEFAULT '0' NOT NULL,
	"penalty" numeric(36, 18),
	"returned" numeric(36, 18),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "finance_orders_status" CHECK ("finance_orders"."status" in ('custody', 'completed', 'redeemed')),
	CONSTRAINT "finance_orders_days" CHECK ("finance_orders"."paid_days" >= 0 and "finance_orders"."paid_days" <= "finance_orders"."days")
);
--> statement-breakpoint
CREATE TABLE "finance_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"coin_id" integer NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"max_amount" numeric(36, 18),
	"daily_rate" numeric(12, 8) NOT NULL,
	"penalty_rate" numeric(12, 8),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_products_code_unique" UNIQUE("code"),
	CONSTRAINT "finance_products_days" CHECK ("finance_products"."days" > 0),
	CONSTRAINT "finance_products_rates" CHECK ("finance_products"."daily_rate" >= 0 and "finance_products"."min_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "finance_interest" ADD CONSTRAINT "finance_interest_order_id_finance_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."finance_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_interest" ADD CONSTRAINT "finance_interest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_orders" ADD CONSTRAINT "finance_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_orders" ADD CONSTRAINT "finance_orders_product_id_finance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_orders" ADD CONSTRAINT "finance_orders_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_products" ADD CONSTRAINT "finance_products_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_interest_day_uq" ON "finance_interest" USING btree ("order_id","day");--> statement-breakpoint
CREATE INDEX "finance_interest_user_idx" ON "finance_interest" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "finance_orders_user_idx" ON "finance_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "finance_orders_custody_idx" ON "finance_orders" USING btree ("id") WHERE "finance_orders"."status" = 'custody';