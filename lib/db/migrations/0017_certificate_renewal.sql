CREATE TABLE "registration_superseded_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"alias" text,
	"certificate_pem" text NOT NULL,
	"certificate_not_after" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "renewal_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_superseded_credentials" ADD CONSTRAINT "registration_superseded_credentials_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_superseded_credentials" ADD CONSTRAINT "registration_superseded_credentials_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_superseded_credentials_entry_idx" ON "registration_superseded_credentials" USING btree ("entry_id","superseded_at");