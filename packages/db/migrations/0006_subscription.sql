CREATE TABLE "subscription_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"issue_price" numeric(36, 18) NOT NULL,
	"pay_coins" jsonb NOT NULL,
	"supply" numeric(36, 18) NOT NULL,
	"min_tokens" numeric(36, 18) DEFAULT '0' NOT NULL,
	"lock_days" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"launch_at" timestamp with time zone NOT NULL,
	"introduction" jsonb NOT NULL,
	"website" text,
	"recommended" boolean DEFAULT false NOT NULL,
	"allocated_at" timestamp with time zone,
	"fill_ratio" numeric(36, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_projects_coin_id_unique" UNIQUE("coin_id"),
	CONSTRAINT "subscription_projects_times" CHECK ("subscription_projects"."start_at" < "subscription_projects"."close_at"),
	CONSTRAINT "subscription_projects_positive" CHECK ("subscription_projects"."issue_price" > 0 and "subscription_projects"."supply" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"pay_coin_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"rate_time" timestamp with time zone NOT NULL,
	"tokens" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"allocated" numeric(36, 18),
	"paid" numeric(36, 18),
	"refund" numeric(36, 18),
	"allocated_at" timestamp with time zone,
	"unlock_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('review', 'passed'))
);
--> statement-breakpoint
ALTER TABLE "subscription_projects" ADD CONSTRAINT "subscription_projects_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_project_id_subscription_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."subscription_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pay_coin_id_coins_id_fk" FOREIGN KEY ("pay_coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_projects_close_idx" ON "subscription_projects" USING btree ("close_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_project_idx" ON "subscriptions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "subscriptions_unlock_idx" ON "subscriptions" USING btree ("unlock_at");