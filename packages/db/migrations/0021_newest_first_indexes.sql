DROP INDEX "lever_positions_user_idx";--> statement-breakpoint
DROP INDEX "option_orders_user_idx";--> statement-breakpoint
DROP INDEX "deposits_user_idx";--> statement-breakpoint
DROP INDEX "transfers_user_idx";--> statement-breakpoint
DROP INDEX "spot_orders_user_idx";--> statement-breakpoint
DROP INDEX "finance_orders_user_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "lever_positions_user_idx" ON "lever_positions" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "option_orders_user_idx" ON "option_orders" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "finance_orders_user_idx" ON "finance_orders" USING btree ("user_id","status","start_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");