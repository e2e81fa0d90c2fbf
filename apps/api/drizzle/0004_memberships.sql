CREATE TABLE "membership_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"total_uses" integer,
	"frequency" text,
	"description" text,
	"activity_id" integer,
	"discount_percent" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "membership_benefits_discount_check" CHECK ("membership_benefits"."discount_percent" is null or "membership_benefits"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "membership_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_payment_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"payment_type" text NOT NULL,
	"fixed_duration" integer,
	"fixed_period" text,
	"base_fee" integer NOT NULL,
	"joining_fee" integer DEFAULT 0 NOT NULL,
	"month_in_hand" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "membership_payment_options_fees_check" CHECK ("membership_payment_options"."base_fee" >= 0 and "membership_payment_options"."joining_fee" >= 0),
	CONSTRAINT "membership_payment_options_fixed_check" CHECK ("membership_payment_options"."payment_type" = 'recurring' or ("membership_payment_options"."fixed_duration" > 0 and "membership_payment_options"."fixed_period" is not null))
);
--> statement-breakpoint
CREATE TABLE "membership_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer NOT NULL,
	"applies_to" text NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"payment_option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_promotions_value_check" CHECK ("membership_promotions"."discount_value" > 0 and ("membership_promotions"."discount_kind" = 'fixed' or "membership_promotions"."discount_value" <= 100) and "membership_promotions"."months" >= 1),
	CONSTRAINT "membership_promotions_usage_check" CHECK ("membership_promotions"."used_count" >= 0 and ("membership_promotions"."usage_limit" is null or "membership_promotions"."used_count" <= "membership_promotions"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "membership_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_type_id" integer NOT NULL,
	"reference" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text,
	"default_value" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_type_categories" (
	"membership_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "membership_type_categories_membership_type_id_category_id_pk" PRIMARY KEY("membership_type_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "membership_type_venues" (
	"membership_type_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"sold_here" boolean DEFAULT true NOT NULL,
	CONSTRAINT "membership_type_venues_membership_type_id_venue_id_pk" PRIMARY KEY("membership_type_id","venue_id")
);
--> statement-breakpoint
CREATE TABLE "membership_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coverage" text NOT NULL,
	"eligibility" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"membership_user_id" integer,
	"membership_type_id" integer NOT NULL,
	"payment_option_id" integer NOT NULL,
	"home_venue_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"start_date" date NOT NULL,
	"billing_day" integer,
	"first_billing_date" date,
	"end_date" date,
	"promotion_id" integer,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_term_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"costs" jsonb NOT NULL,
	"currency" text NOT NULL,
	"requires_document" boolean DEFAULT false NOT NULL,
	"direct_debit_token" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "memberships_billing_day_check" CHECK ("memberships"."billing_day" is null or "memberships"."billing_day" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "activity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "pricing_option_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "activity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "pricing_option_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_categories" ADD CONSTRAINT "membership_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payment_options" ADD CONSTRAINT "membership_payment_options_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_questions" ADD CONSTRAINT "membership_questions_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_type_categories" ADD CONSTRAINT "membership_type_categories_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_type_categories" ADD CONSTRAINT "membership_type_categories_category_id_membership_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."membership_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_type_venues" ADD CONSTRAINT "membership_type_venues_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_type_venues" ADD CONSTRAINT "membership_type_venues_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_types" ADD CONSTRAINT "membership_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_membership_user_id_membership_users_id_fk" FOREIGN KEY ("membership_user_id") REFERENCES "public"."membership_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_payment_option_id_membership_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."membership_payment_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_home_venue_id_venues_id_fk" FOREIGN KEY ("home_venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_promotion_id_membership_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."membership_promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_benefits_type_idx" ON "membership_benefits" USING btree ("membership_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_categories_client_name_idx" ON "membership_categories" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "membership_payment_options_type_idx" ON "membership_payment_options" USING btree ("membership_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_promotions_client_code_idx" ON "membership_promotions" USING btree ("client_id",upper("code"));--> statement-breakpoint
CREATE INDEX "membership_questions_type_idx" ON "membership_questions" USING btree ("membership_type_id");--> statement-breakpoint
CREATE INDEX "membership_type_venues_venue_idx" ON "membership_type_venues" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_types_client_slug_idx" ON "membership_types" USING btree ("client_id","slug");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_type_idx" ON "memberships" USING btree ("user_id","membership_type_id") WHERE "memberships"."status" in ('pending', 'active');--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;