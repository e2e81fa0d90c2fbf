CREATE TABLE "freeze_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"reason" text NOT NULL,
	"time_periods" jsonb NOT NULL,
	"proof_description" text,
	"proof_document_type" text,
	"min_start_days_ahead" integer DEFAULT 0 NOT NULL,
	"max_start_days_ahead" integer DEFAULT 30 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "freeze_types_days_check" CHECK ("freeze_types"."min_start_days_ahead" >= 0 and "freeze_types"."max_start_days_ahead" >= "freeze_types"."min_start_days_ahead")
);
--> statement-breakpoint
CREATE TABLE "membership_freezes" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"freeze_type_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"months" integer NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"proof_upload_id" integer,
	"proof_document_type" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_freezes_months_check" CHECK ("membership_freezes"."months" between 1 and 24 and "membership_freezes"."start_date" <= "membership_freezes"."end_date")
);
--> statement-breakpoint
DROP INDEX "memberships_live_type_idx";--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "freezable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "renewable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_types" ADD COLUMN "changeable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renews_membership_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "replaces_membership_id" integer;--> statement-breakpoint
ALTER TABLE "freeze_types" ADD CONSTRAINT "freeze_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_freeze_type_id_freeze_types_id_fk" FOREIGN KEY ("freeze_type_id") REFERENCES "public"."freeze_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freeze_types_client_idx" ON "freeze_types" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_freezes_open_idx" ON "membership_freezes" USING btree ("membership_id") WHERE "membership_freezes"."status" in ('pending_approval', 'approved', 'active');--> statement-breakpoint
CREATE INDEX "membership_freezes_due_idx" ON "membership_freezes" USING btree ("status","start_date");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renews_membership_id_memberships_id_fk" FOREIGN KEY ("renews_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_replaces_membership_id_memberships_id_fk" FOREIGN KEY ("replaces_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_renewal_idx" ON "memberships" USING btree ("renews_membership_id") WHERE "memberships"."status" in ('pending', 'active') and "memberships"."renews_membership_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_change_idx" ON "memberships" USING btree ("replaces_membership_id") WHERE "memberships"."status" in ('pending', 'active') and "memberships"."replaces_membership_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_type_idx" ON "memberships" USING btree ("user_id","membership_type_id") WHERE "memberships"."status" in ('pending', 'active') and "memberships"."renews_membership_id" is null and "memberships"."replaces_membership_id" is null;