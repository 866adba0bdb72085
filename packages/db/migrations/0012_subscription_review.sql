ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('review', 'passed', 'rejected'));