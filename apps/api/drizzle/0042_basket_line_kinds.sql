-- Lines already in baskets get holds_places from their kind as the registry declares it today
-- (modules/basket/line-kinds.ts); new lines are given it by the repository on insert.
ALTER TABLE "cart_items" ADD COLUMN "holds_places" boolean NOT NULL DEFAULT false;--> statement-breakpoint
UPDATE "cart_items" SET "holds_places" = true WHERE "cartable_type" in ('activity', 'av2Booking', 'av2BookingBundle');--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "holds_places" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_check" CHECK ("cart_items"."cartable_type" in ('activity', 'av2Booking', 'av2BookingBundle', 'membership', 'penalty'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."cartable_type" in ('activity', 'av2Booking', 'av2BookingBundle', 'membership', 'penalty'));
