CREATE TABLE "direct_debit_bank_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_holder_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number_ending" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"bank_name" text,
	"billing_address" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_bank_details_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"mandate_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"charge_date" date NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"provider_payment_id" text,
	"failure_reason" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_collections_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "direct_debit_collections_amount_check" CHECK ("direct_debit_collections"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"membership_id" integer,
	"provider" text NOT NULL,
	"provider_mandate_id" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending_submission' NOT NULL,
	"account_holder_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number_ending" text NOT NULL,
	"bank_name" text,
	"billing_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "direct_debit_mandates_provider_mandate_id_unique" UNIQUE("provider_mandate_id")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"mandate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"intro_amount" integer,
	"intro_collections" integer DEFAULT 0 NOT NULL,
	"billing_day" integer NOT NULL,
	"first_charge_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "direct_debit_schedules_amount_check" CHECK ("direct_debit_schedules"."amount" > 0 and ("direct_debit_schedules"."intro_amount" is null or "direct_debit_schedules"."intro_amount" >= 0) and "direct_debit_schedules"."intro_collections" >= 0),
	CONSTRAINT "direct_debit_schedules_billing_day_check" CHECK ("direct_debit_schedules"."billing_day" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "direct_debit_bank_details" ADD CONSTRAINT "direct_debit_bank_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD CONSTRAINT "direct_debit_collections_schedule_id_direct_debit_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."direct_debit_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD CONSTRAINT "direct_debit_collections_mandate_id_direct_debit_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."direct_debit_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_schedules" ADD CONSTRAINT "direct_debit_schedules_mandate_id_direct_debit_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."direct_debit_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_schedules" ADD CONSTRAINT "direct_debit_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_bank_details_user_idx" ON "direct_debit_bank_details" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "direct_debit_bank_details_expires_idx" ON "direct_debit_bank_details" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_collections_schedule_date_idx" ON "direct_debit_collections" USING btree ("schedule_id","charge_date");--> statement-breakpoint
CREATE INDEX "direct_debit_collections_due_idx" ON "direct_debit_collections" USING btree ("status","charge_date");--> statement-breakpoint
CREATE INDEX "direct_debit_collections_mandate_idx" ON "direct_debit_collections" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_user_idx" ON "direct_debit_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_membership_idx" ON "direct_debit_mandates" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_status_idx" ON "direct_debit_mandates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "direct_debit_schedules_mandate_idx" ON "direct_debit_schedules" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "direct_debit_schedules_user_idx" ON "direct_debit_schedules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "direct_debit_schedules_membership_idx" ON "direct_debit_schedules" USING btree ("membership_id");