ALTER TABLE "outbound_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_emails_queued_idx" ON "outbound_emails" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
-- Emails queued before retries existed are due now (the job still leaves those older than a day).
UPDATE "outbound_emails" SET "next_attempt_at" = "created_at" WHERE "status" = 'queued';
