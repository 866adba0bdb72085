CREATE TABLE "coin_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"network" text NOT NULL,
	"deposit_address" text,
	"deposit_xpub" text,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_max" numeric(36, 18),
	"withdraw_daily_amount" numeric(36, 18),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_networks_one_deposit_source" CHECK ("coin_networks"."deposit_address" is null or "coin_networks"."deposit_xpub" is null),
	CONSTRAINT "coin_networks_public_key_only" CHECK ("coin_networks"."deposit_xpub" is null or "coin_networks"."deposit_xpub" !~* '^[a-z]prv'),
	CONSTRAINT "coin_networks_limits_positive" CHECK (("coin_networks"."withdraw_max" is null or "coin_networks"."withdraw_max" > 0) and ("coin_networks"."withdraw_daily_amount" is null or "coin_networks"."withdraw_daily_amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "coin_networks" ADD CONSTRAINT "coin_networks_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_networks_coin_network_uq" ON "coin_networks" USING btree ("coin_id","network");