CREATE TABLE "session_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_handovers_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "session_handovers" ADD CONSTRAINT "session_handovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_handovers_expires_idx" ON "session_handovers" USING btree ("expires_at");