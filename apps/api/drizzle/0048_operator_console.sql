ALTER TABLE "clients" ADD COLUMN "settings_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "draft" jsonb;