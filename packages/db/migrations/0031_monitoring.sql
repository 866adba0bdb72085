CREATE TABLE "monitor_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"severity" text NOT NULL,
	"summary" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_alerts_open_uq" ON "monitor_alerts" USING btree ("rule","subject") WHERE "monitor_alerts"."resolved_at" is null;
--> statement-breakpoint
CREATE INDEX "monitor_alerts_started_idx" ON "monitor_alerts" USING btree ("started_at");
--> statement-breakpoint
CREATE TABLE "monitor_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"withdrawal_wait_minutes" integer DEFAULT 60 NOT NULL,
	"deposit_wait_minutes" integer DEFAULT 60 NOT NULL,
	"watcher_stall_seconds" integer DEFAULT 300 NOT NULL,
	"index_stale_seconds" integer DEFAULT 60 NOT NULL,
	"disk_free_min_percent" integer DEFAULT 10 NOT NULL,
	"job_late_intervals" integer DEFAULT 3 NOT NULL,
	"repeat_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_settings_one" CHECK ("monitor_settings"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "monitor_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "monitor_recipients" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_recipients_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action
);
