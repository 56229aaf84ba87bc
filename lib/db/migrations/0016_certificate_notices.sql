CREATE TABLE "registration_certificate_notices" (
	"entry_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"certificate_not_after" timestamp with time zone NOT NULL,
	"threshold" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_certificate_notices_entry_id_certificate_not_after_threshold_pk" PRIMARY KEY("entry_id","certificate_not_after","threshold")
);
--> statement-breakpoint
ALTER TABLE "registration_certificate_notices" ADD CONSTRAINT "registration_certificate_notices_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_certificate_notices" ADD CONSTRAINT "registration_certificate_notices_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_credentials_not_after_idx" ON "registration_credentials" USING btree ("certificate_not_after") WHERE "registration_credentials"."validated_at" is not null;