ALTER TABLE "bookings" ADD COLUMN "cancellation_source" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_credit" integer DEFAULT 0 NOT NULL;