ALTER TABLE "membership_promotions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD COLUMN "ended_at" timestamp with time zone;