CREATE TABLE "referral_rebates" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"rate" numeric(12, 8) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rebates_fee_id_unique" UNIQUE("fee_id")
);
--> statement-breakpoint
ALTER TABLE "referral_rebates" ADD CONSTRAINT "referral_rebates_fee_id_trading_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."trading_fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rebates" ADD CONSTRAINT "referral_rebates_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rebates" ADD CONSTRAINT "referral_rebates_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rebates_inviter_idx" ON "referral_rebates" USING btree ("inviter_id","id");