CREATE TABLE "invoice_sends" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"supplier_entry_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer,
	"voucher" jsonb NOT NULL,
	"request_hash" text,
	"status" text NOT NULL,
	"cae" text,
	"cae_expiry" text,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_number_idx" ON "invoice_sends" USING btree ("environment","cuit","point_of_sale","voucher_type","number") WHERE "invoice_sends"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_in_flight_idx" ON "invoice_sends" USING btree ("environment","cuit","point_of_sale","voucher_type") WHERE "invoice_sends"."status" = 'pending';