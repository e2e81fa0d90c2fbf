ALTER TABLE "outbound_emails" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_attempts_created_idx" ON "auth_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_used_idx" ON "password_reset_tokens" USING btree ("used_at") WHERE used_at is not null;--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_revoked_idx" ON "sessions" USING btree ("revoked_at") WHERE revoked_at is not null;--> statement-breakpoint
CREATE INDEX "outbound_emails_body_kept_idx" ON "outbound_emails" USING btree ("created_at") WHERE html <> '';