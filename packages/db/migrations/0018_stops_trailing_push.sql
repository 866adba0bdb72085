CREATE TABLE "push_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"push" boolean NOT NULL,
	CONSTRAINT "push_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lever_positions" DROP CONSTRAINT "lever_positions_reason";--> statement-breakpoint
ALTER TABLE "spot_orders" DROP CONSTRAINT "spot_orders_type";--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trailing_distance" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trailing_unit" text;--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trailing_peak" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "liquidation_warned_at" bigint;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "time_in_force" text DEFAULT 'gtc' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "post_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "stop_price" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "trigger" text;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "oco_id" integer;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "spot_orders_stop_idx" ON "spot_orders" USING btree ("symbol","id") WHERE "spot_orders"."trigger" = 'pending';--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_trailing" CHECK ("lever_positions"."trailing_unit" is null or "lever_positions"."trailing_unit" in ('price', 'percent'));--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_reason" CHECK ("lever_positions"."close_reason" is null or "lever_positions"."close_reason" in ('manual', 'stop_profit', 'stop_loss', 'trailing_stop', 'liquidation'));--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_tif" CHECK ("spot_orders"."time_in_force" in ('gtc', 'ioc', 'fok'));--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_trigger" CHECK ("spot_orders"."trigger" is null or "spot_orders"."trigger" in ('pending', 'triggered'));--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_type" CHECK ("spot_orders"."type" in ('limit', 'market', 'stop_limit', 'stop_market'));