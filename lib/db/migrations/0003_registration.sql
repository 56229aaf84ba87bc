CREATE TABLE "registrations" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"step" text DEFAULT 'company' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"authorized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;