CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"booking_window_days" integer DEFAULT 7 NOT NULL,
	"booking_opens_at" text,
	"cancellation_cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"credit_on_cancellation" boolean DEFAULT true NOT NULL,
	"needs_waiver" boolean DEFAULT false NOT NULL,
	"allows_anonymous_bookings" boolean DEFAULT false NOT NULL,
	"has_waitlist" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"sessions_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"area" text NOT NULL,
	"type" text DEFAULT 'resource' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"timetable_entry_id" integer,
	"bundle_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"first_bookable_at" timestamp with time zone NOT NULL,
	"composite_key" text NOT NULL,
	"capacity" integer NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"held_count" integer DEFAULT 0 NOT NULL,
	"instructor_name" text,
	CONSTRAINT "occurrences_places_check" CHECK ("occurrences"."booked_count" >= 0 and "occurrences"."held_count" >= 0 and "occurrences"."booked_count" + "occurrences"."held_count" <= "occurrences"."capacity"),
	CONSTRAINT "occurrences_times_check" CHECK ("occurrences"."ends_at" > "occurrences"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "pricing_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"for_members" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pricing_option_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tickets_amount_check" CHECK ("tickets"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"weekday_mask" integer DEFAULT 127 NOT NULL,
	"start_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"instructor_name" text
);
--> statement-breakpoint
CREATE TABLE "venue_activities" (
	"venue_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "venue_activities_venue_id_activity_id_pk" PRIMARY KEY("venue_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_parent_id_activity_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activity_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_bundles" ADD CONSTRAINT "course_bundles_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_bundles" ADD CONSTRAINT "course_bundles_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_timetable_entry_id_timetable_entries_id_fk" FOREIGN KEY ("timetable_entry_id") REFERENCES "public"."timetable_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_bundle_id_course_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."course_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_options" ADD CONSTRAINT "pricing_options_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_pricing_option_id_pricing_options_id_fk" FOREIGN KEY ("pricing_option_id") REFERENCES "public"."pricing_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_activities" ADD CONSTRAINT "venue_activities_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_activities" ADD CONSTRAINT "venue_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_client_slug_idx" ON "activities" USING btree ("client_id","slug");--> statement-breakpoint
CREATE INDEX "activities_category_idx" ON "activities" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_categories_client_slug_idx" ON "activity_categories" USING btree ("client_id","slug");--> statement-breakpoint
CREATE INDEX "activity_categories_parent_idx" ON "activity_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "course_bundles_activity_idx" ON "course_bundles" USING btree ("activity_id","venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_venue_slug_idx" ON "locations" USING btree ("venue_id","slug");--> statement-breakpoint
CREATE INDEX "occurrences_availability_idx" ON "occurrences" USING btree ("venue_id","activity_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "occurrences_activity_location_start_idx" ON "occurrences" USING btree ("activity_id","location_id","starts_at");--> statement-breakpoint
CREATE INDEX "occurrences_bundle_idx" ON "occurrences" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "pricing_options_activity_idx" ON "pricing_options" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "tickets_pricing_option_idx" ON "tickets" USING btree ("pricing_option_id");--> statement-breakpoint
CREATE INDEX "timetable_entries_venue_idx" ON "timetable_entries" USING btree ("venue_id");