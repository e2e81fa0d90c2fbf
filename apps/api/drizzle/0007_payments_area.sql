CREATE TABLE "penalty_cart_lines" (
	"cart_item_id" integer PRIMARY KEY NOT NULL,
	"penalty_id" integer NOT NULL,
	"order_item_id" integer,
	CONSTRAINT "penalty_cart_lines_penalty_id_unique" UNIQUE("penalty_id")
);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "venue_id" integer;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "issued_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "uuid" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "penalty_cart_lines" ADD CONSTRAINT "penalty_cart_lines_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_cart_lines" ADD CONSTRAINT "penalty_cart_lines_penalty_id_penalties_id_fk" FOREIGN KEY ("penalty_id") REFERENCES "public"."penalties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_cart_lines" ADD CONSTRAINT "penalty_cart_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_uuid_unique" UNIQUE("uuid");