DROP INDEX "memberships_live_type_idx";--> statement-breakpoint
DROP INDEX "memberships_live_renewal_idx";--> statement-breakpoint
DROP INDEX "memberships_live_change_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "line_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cart_items_membership_idx" ON "cart_items" USING btree ("membership_id") WHERE "cart_items"."membership_id" is not null;--> statement-breakpoint
-- Unpaid memberships become drafts (docs/decisions/016). One still in an open basket stays there as a
-- draft, its line running out like a held place; the membership jobs delete the rest (lines gone).
UPDATE "memberships" SET "status" = 'draft' WHERE "status" = 'pending' AND "activated_at" IS NULL;--> statement-breakpoint
UPDATE "cart_items" SET "line_expires_at" = now() + interval '15 minutes'
  WHERE "cartable_type" = 'membership' AND "line_expires_at" IS NULL
    AND "cart_id" IN (SELECT "id" FROM "carts" WHERE "status" = 'open');--> statement-breakpoint
-- Unpaid memberships a later submission replaced ('cancelled'): their line and promotion use were
-- given back then; they were never the member's, so they go.
DELETE FROM "memberships" m WHERE m."status" = 'cancelled' AND m."activated_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "cart_items" ci WHERE ci."membership_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "order_items" oi WHERE oi."membership_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "penalties" p WHERE p."membership_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "memberships" s WHERE s."renews_membership_id" = m."id" OR s."replaces_membership_id" = m."id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_type_idx" ON "memberships" USING btree ("user_id","membership_type_id") WHERE "memberships"."status" in ('draft', 'pending', 'active') and "memberships"."renews_membership_id" is null and "memberships"."replaces_membership_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_renewal_idx" ON "memberships" USING btree ("renews_membership_id") WHERE "memberships"."status" in ('draft', 'pending', 'active') and "memberships"."renews_membership_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_change_idx" ON "memberships" USING btree ("replaces_membership_id") WHERE "memberships"."status" in ('draft', 'pending', 'active') and "memberships"."replaces_membership_id" is not null;