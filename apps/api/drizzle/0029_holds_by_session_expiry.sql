DROP INDEX "cart_holds_occurrence_idx";--> statement-breakpoint
CREATE INDEX "cart_holds_occurrence_idx" ON "cart_holds" USING btree ("occurrence_id","expires_at");