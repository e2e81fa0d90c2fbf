CREATE INDEX "cart_items_membership_expiry_idx" ON "cart_items" USING btree ("line_expires_at") WHERE "cart_items"."cartable_type" = 'membership';--> statement-breakpoint
CREATE INDEX "memberships_type_idx" ON "memberships" USING btree ("membership_type_id");--> statement-breakpoint
CREATE INDEX "memberships_cancellation_idx" ON "memberships" USING btree ("cancellation_state","final_day") WHERE "memberships"."cancellation_state" is not null;--> statement-breakpoint
CREATE INDEX "memberships_draft_idx" ON "memberships" USING btree ("created_at") WHERE "memberships"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "memberships_ending_idx" ON "memberships" USING btree ("end_date") WHERE "memberships"."status" in ('active', 'frozen') and "memberships"."end_date" is not null;