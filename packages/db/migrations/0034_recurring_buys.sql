CREATE TABLE "bots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"every" text NOT NULL,
	"max_price" numeric(36, 18),
	"start_at" timestamp with time zone NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "bots_status" CHECK ("bots"."status" in ('running', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "bot_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bot_id" integer NOT NULL,
	"period" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"order_id" integer,
	"price" numeric(36, 18),
	"amount" numeric(36, 18),
	"spent" numeric(36, 18)
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_runs" ADD CONSTRAINT "bot_runs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_user_idx" ON "bots" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bots_running_idx" ON "bots" USING btree ("id") WHERE "bots"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "bot_runs_period_uq" ON "bot_runs" USING btree ("bot_id","period");
