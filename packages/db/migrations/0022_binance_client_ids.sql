ALTER TABLE "api_keys" ALTER COLUMN "secret_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "client_order_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "public_key" text;--> statement-breakpoint
CREATE INDEX "spot_orders_client_idx" ON "spot_orders" USING btree ("user_id","symbol","client_order_id") WHERE "spot_orders"."client_order_id" is not null;