CREATE TABLE "bot_pauses" (
	"symbol" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"paused_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
UPDATE "bot_runs" SET "reason" = 'BOT_' || "reason" WHERE "reason" IN ('PAIR_HALTED', 'ABOVE_MAX_PRICE', 'MISSED', 'RUNNING');
