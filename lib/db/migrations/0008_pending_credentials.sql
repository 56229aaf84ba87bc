CREATE TABLE "registration_pending_credentials" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"csr_pem" text NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_pending_credentials" ADD CONSTRAINT "registration_pending_credentials_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_pending_credentials" ADD CONSTRAINT "registration_pending_credentials_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Credentials saved before this migration that never validated: generated ones become pending, the rest held nothing usable.
INSERT INTO "registration_pending_credentials" ("entry_id", "owner_id", "alias", "csr_pem", "key_sealed", "created_at")
SELECT "entry_id", "owner_id", "alias", "csr_pem", "key_sealed", "updated_at" FROM "registration_credentials"
WHERE "validated_at" IS NULL AND "source" = 'generated' AND "alias" IS NOT NULL AND "csr_pem" IS NOT NULL;--> statement-breakpoint
DELETE FROM "registration_credentials" WHERE "validated_at" IS NULL;
