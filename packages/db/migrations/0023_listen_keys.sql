CREATE TABLE "listen_keys" (
	"listen_key" text PRIMARY KEY NOT NULL,
	"api_key_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listen_keys_api_key_id_unique" UNIQUE("api_key_id")
);
--> statement-breakpoint
ALTER TABLE "listen_keys" ADD CONSTRAINT "listen_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_keys" ADD CONSTRAINT "listen_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listen_keys_user_idx" ON "listen_keys" USING btree ("user_id");