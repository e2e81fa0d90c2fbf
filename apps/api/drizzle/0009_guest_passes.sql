CREATE TABLE "guest_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" integer,
	"source" text NOT NULL,
	"membership_id" integer,
	"membership_benefit_id" integer,
	"allowance_period_start" date,
	"member_package_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_passes_code_unique" UNIQUE("code"),
	CONSTRAINT "guest_passes_dates_check" CHECK ("guest_passes"."valid_from" <= "guest_passes"."valid_to"),
	CONSTRAINT "guest_passes_redeemed_check" CHECK (("guest_passes"."status" = 'redeemed') = ("guest_passes"."redeemed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"uses_total" integer DEFAULT 0 NOT NULL,
	"uses_remaining" integer DEFAULT 0 NOT NULL,
	"guest_pass_uses_total" integer,
	"guest_pass_uses_remaining" integer,
	"venue_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_packages_uses_check" CHECK ("member_packages"."uses_remaining" between 0 and "member_packages"."uses_total"),
	CONSTRAINT "member_packages_guest_pass_uses_check" CHECK (("member_packages"."guest_pass_uses_total" is null and "member_packages"."guest_pass_uses_remaining" is null) or ("member_packages"."guest_pass_uses_remaining" between 0 and "member_packages"."guest_pass_uses_total"))
);
--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_membership_benefit_id_membership_benefits_id_fk" FOREIGN KEY ("membership_benefit_id") REFERENCES "public"."membership_benefits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_member_package_id_member_packages_id_fk" FOREIGN KEY ("member_package_id") REFERENCES "public"."member_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_passes_user_idx" ON "guest_passes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "guest_passes_benefit_period_idx" ON "guest_passes" USING btree ("membership_id","membership_benefit_id","allowance_period_start");--> statement-breakpoint
CREATE INDEX "guest_passes_issued_valid_to_idx" ON "guest_passes" USING btree ("valid_to") WHERE "guest_passes"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "member_packages_user_idx" ON "member_packages" USING btree ("user_id");