CREATE TABLE "silo_entry_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"desc" text,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"hash" text NOT NULL,
	"embeddable" boolean DEFAULT false NOT NULL,
	"meta" jsonb,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
ALTER TABLE "silo_entry_states" ADD COLUMN "src" text;--> statement-breakpoint
ALTER TABLE "silo_entry_states" ADD COLUMN "src_id" text;--> statement-breakpoint
ALTER TABLE "silo_entry_states" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "silo_entry_states" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "silo_entry_files" ADD CONSTRAINT "silo_entry_files_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_entry_files" ADD CONSTRAINT "silo_entry_files_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "silo_entry_files_entry_idx" ON "silo_entry_files" USING btree ("entry_id","created_at");