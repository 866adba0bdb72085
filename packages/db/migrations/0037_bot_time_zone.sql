ALTER TABLE "bots" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "at_time" text;
