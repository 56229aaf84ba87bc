CREATE TABLE "registration_credentials" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"source" text NOT NULL,
	"alias" text,
	"csr_pem" text,
	"key_sealed" text NOT NULL,
	"certificate_pem" text,
	"certificate_not_after" timestamp with time zone,
	"last_checks" jsonb,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_credentials" ADD CONSTRAINT "registration_credentials_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_credentials" ADD CONSTRAINT "registration_credentials_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;