CREATE TABLE "membership_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"payment_option_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"effective_date" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"membership_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "membership_price_changes_amount_check" CHECK ("membership_price_changes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_price_changes" ADD CONSTRAINT "membership_price_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_price_changes" ADD CONSTRAINT "membership_price_changes_payment_option_id_membership_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."membership_payment_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_price_changes_due_idx" ON "membership_price_changes" USING btree ("status","effective_date");--> statement-breakpoint
CREATE INDEX "membership_price_changes_option_idx" ON "membership_price_changes" USING btree ("payment_option_id");