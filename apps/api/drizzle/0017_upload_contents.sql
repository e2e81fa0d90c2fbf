CREATE TABLE "upload_contents" (
	"stored_name" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_stored_name_uploads_stored_name_fk" FOREIGN KEY ("stored_name") REFERENCES "public"."uploads"("stored_name") ON DELETE cascade ON UPDATE no action;