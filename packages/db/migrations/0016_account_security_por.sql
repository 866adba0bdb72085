CREATE TABLE "account_security" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"anti_phishing" text,
	"withdraw_locked_until" timestamp with time zone,
	"whitelist" boolean DEFAULT false NOT NULL,
	"whitelist_off_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"agent" text,
	"result" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"ticket_hash" text NOT NULL,
	"ip" text,
	"agent" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_subject_subject_id_pk" PRIMARY KEY("subject","subject_id"),
	CONSTRAINT "two_factor_subject" CHECK ("two_factor"."subject" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webauthn_challenges_challenge_unique" UNIQUE("challenge"),
	CONSTRAINT "webauthn_challenges_purpose" CHECK ("webauthn_challenges"."purpose" in ('register', 'login'))
);
--> statement-breakpoint
CREATE TABLE "por_leaves" (
	"snapshot_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"user_hash" text NOT NULL,
	"sum" text NOT NULL,
	CONSTRAINT "por_leaves_snapshot_id_coin_id_user_id_pk" PRIMARY KEY("snapshot_id","coin_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "por_reserves" (
	"id" serial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "por_roots" (
	"snapshot_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" text NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "por_roots_snapshot_id_coin_id_pk" PRIMARY KEY("snapshot_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "por_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"admin_id" integer
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_passed_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_passed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_security" ADD CONSTRAINT "account_security_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_leaves" ADD CONSTRAINT "por_leaves_snapshot_id_por_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."por_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_leaves" ADD CONSTRAINT "por_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_reserves" ADD CONSTRAINT "por_reserves_snapshot_id_por_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."por_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_roots" ADD CONSTRAINT "por_roots_snapshot_id_por_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."por_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_snapshots" ADD CONSTRAINT "por_snapshots_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_history_user_idx" ON "login_history" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "login_tickets_subject_idx" ON "login_tickets" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_uq" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_subject_idx" ON "recovery_codes" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE INDEX "por_leaves_order_idx" ON "por_leaves" USING btree ("snapshot_id","coin_id","user_hash");--> statement-breakpoint
CREATE INDEX "por_reserves_snapshot_idx" ON "por_reserves" USING btree ("snapshot_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_passed_by_admins_id_fk" FOREIGN KEY ("first_passed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;