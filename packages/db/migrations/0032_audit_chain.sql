ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The rows written before the chain are chained here, oldest first, exactly as the server
-- chains new ones (apps/server/src/modules/operator-core/audit-chain.ts: the fields, each as
-- its byte length, ':' and its text, or '~' for null, after the line 'hx-audit-v1').
DO $$
DECLARE
  r record;
  prev text := repeat('0', 64);
  body text;
BEGIN
  FOR r IN SELECT * FROM "audit_log" WHERE "hash" IS NULL ORDER BY "id" LOOP
    body := 'hx-audit-v1'
      || E'\n' || octet_length(r.id::text) || ':' || r.id::text
      || E'\n' || coalesce(octet_length(r.admin_id::text) || ':' || r.admin_id::text, '~')
      || E'\n' || octet_length(r.action) || ':' || r.action
      || E'\n' || octet_length(r.target_type) || ':' || r.target_type
      || E'\n' || octet_length(r.target_id::text) || ':' || r.target_id::text
      || E'\n' || coalesce(octet_length(r.before) || ':' || r.before, '~')
      || E'\n' || coalesce(octet_length(r.after) || ':' || r.after, '~')
      || E'\n' || coalesce(octet_length(r.reason) || ':' || r.reason, '~')
      || E'\n' || octet_length(floor(extract(epoch FROM r.created_at) * 1000)::bigint::text)
      || ':' || floor(extract(epoch FROM r.created_at) * 1000)::bigint::text
      || E'\n' || octet_length(prev) || ':' || prev;
    UPDATE "audit_log"
      SET "prev_hash" = prev, "hash" = encode(sha256(convert_to(body, 'UTF8')), 'hex')
      WHERE "id" = r.id
      RETURNING "hash" INTO prev;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;
