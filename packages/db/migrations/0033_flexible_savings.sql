CREATE TABLE "savings_products" (
	"coin_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_amount" numeric(36, 18) DEFAULT '0' NOT NULL,
	"redeem_quota" numeric(36, 18),
	"tiers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_positions" (
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"accrued_until" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"accrued" numeric(36, 18) DEFAULT '0' NOT NULL,
	"earned" numeric(36, 18) DEFAULT '0' NOT NULL,
	"auto_subscribe" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_positions_user_id_coin_id_pk" PRIMARY KEY("user_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "savings_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"instant" boolean NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "savings_redemptions_status" CHECK ("savings_redemptions"."status" in ('pending', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "savings_products" ADD CONSTRAINT "savings_products_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_positions" ADD CONSTRAINT "savings_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_positions" ADD CONSTRAINT "savings_positions_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_payouts" ADD CONSTRAINT "savings_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_redemptions" ADD CONSTRAINT "savings_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_positions_due_idx" ON "savings_positions" USING btree ("accrued_until");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_payouts_day_uq" ON "savings_payouts" USING btree ("user_id","coin_id","day");--> statement-breakpoint
CREATE INDEX "savings_redemptions_user_idx" ON "savings_redemptions" USING btree ("user_id","coin_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_redemptions_pending_idx" ON "savings_redemptions" USING btree ("due_at") WHERE "savings_redemptions"."status" = 'pending';
