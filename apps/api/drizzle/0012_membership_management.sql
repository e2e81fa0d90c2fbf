CREATE TABLE "eligibility_document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eligibility_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eligibility_documents_review_check" CHECK (("eligibility_documents"."status" = 'rejected') = ("eligibility_documents"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "direct_debit_schedules" ADD COLUMN "last_charge_date" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancellation_state" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancellation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "final_payment_date" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "final_day" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "document_due_date" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "suspended_for_document" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eligibility_document_types" ADD CONSTRAINT "eligibility_document_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_criterion_id_membership_types_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."membership_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_document_type_id_eligibility_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."eligibility_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_documents" ADD CONSTRAINT "eligibility_documents_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eligibility_document_types_client_name_idx" ON "eligibility_document_types" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "eligibility_documents_membership_idx" ON "eligibility_documents" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "eligibility_documents_status_idx" ON "eligibility_documents" USING btree ("status");