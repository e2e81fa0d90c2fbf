ALTER TABLE "occurrences" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "cancelled_with" text;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD COLUMN "ends_on" date;