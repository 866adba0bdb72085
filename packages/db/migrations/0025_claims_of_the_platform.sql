ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_platform_key_uq" ON "idempotency_keys" USING btree ("key") WHERE "idempotency_keys"."user_id" is null;--> statement-breakpoint
-- The platform's entry keys become its claims (no user), each answering its entry's id.
INSERT INTO "idempotency_keys" ("user_id", "key", "route", "request_hash", "response", "created_at")
  SELECT NULL, "idempotency_key", 'entry', '', jsonb_build_object('entryId', "id"), "created_at"
  FROM "journal_entries" WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP COLUMN "idempotency_key";