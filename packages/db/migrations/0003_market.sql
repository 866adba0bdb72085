CREATE TABLE "market_klines" (
	"symbol" text NOT NULL,
	"period" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL,
	CONSTRAINT "market_klines_pk" PRIMARY KEY("symbol","period","time")
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"time" bigint NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favorites_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_ticks_symbol_time_idx" ON "market_ticks" USING btree ("symbol","time","id");