ALTER TABLE "orders" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unannounced_idx" ON "orders" USING btree ("created_at") WHERE announced_at is null;--> statement-breakpoint
-- Orders written before this migration were announced by the request that wrote them.
UPDATE "orders" SET "announced_at" = "created_at";--> statement-breakpoint
-- Marking an order announced changes nothing a list shows: the list versions (decision 022) move on
-- every other change to an order, not on that one.
DROP TRIGGER "list_versions_orders" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_orders
  AFTER INSERT OR DELETE OR UPDATE OF client_id, cart_id, user_id, created_by_user_id, source, currency, total, status, uuid, created_at
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_order();
