ALTER TABLE "clients" ADD COLUMN "profile_photos_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_photo_upload_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_photo_reminder_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "attendee_name" text;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "restriction_name" text DEFAULT 'Activity waivers' NOT NULL;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "restriction_type" text DEFAULT 'pre-waiver' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_photo_upload_id_uploads_id_fk" FOREIGN KEY ("profile_photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;