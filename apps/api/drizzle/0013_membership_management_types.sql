ALTER TABLE "membership_types" ADD COLUMN "cancellation_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "allow_online_cancellation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "cancellation_refusal_message" text;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "management_enabled" boolean DEFAULT true NOT NULL;