CREATE TABLE "spot_klines" (
	"symbol" text NOT NULL,
	"period" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL,
	"quote_volume" numeric(36, 18) NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "spot_klines_pk" PRIMARY KEY("symbol","period","time")
);
--> statement-breakpoint
-- The trades made before this table: their bars, every period (UTC; weeks from Monday).
INSERT INTO "spot_klines" ("symbol", "period", "time", "open", "high", "low", "close", "volume", "quote_volume", "trades")
SELECT t."symbol", p."period", b."time",
	(array_agg(t."price" ORDER BY t."id"))[1], max(t."price"), min(t."price"),
	(array_agg(t."price" ORDER BY t."id" DESC))[1], sum(t."amount"), sum(t."quote"), count(*)::integer
FROM "spot_trades" t
CROSS JOIN (VALUES ('1min', 60000), ('5min', 300000), ('30min', 1800000), ('60min', 3600000),
	('1day', 86400000), ('1week', 0), ('1mon', 0)) AS p("period", "ms")
CROSS JOIN LATERAL (SELECT CASE
	WHEN p."ms" > 0 THEN (t."time" / p."ms") * p."ms"
	ELSE (extract(epoch FROM date_trunc(CASE WHEN p."period" = '1week' THEN 'week' ELSE 'month' END,
		to_timestamp(t."time" / 1000.0) AT TIME ZONE 'UTC')) * 1000)::bigint
	END AS "time") b
GROUP BY t."symbol", p."period", b."time";
