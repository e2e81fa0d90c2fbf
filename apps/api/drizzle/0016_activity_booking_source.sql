ALTER TABLE "carts" ALTER COLUMN "source" SET DEFAULT 'activity-booking';--> statement-breakpoint
-- A bookings basket is `activity-booking`, as on the original platform (issue 11).
UPDATE "carts" SET "source" = 'activity-booking' WHERE "source" = 'bookings';--> statement-breakpoint
UPDATE "orders" SET "source" = 'activity-booking' WHERE "source" = 'bookings';
