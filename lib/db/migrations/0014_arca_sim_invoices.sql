CREATE TABLE "arca_sim_invoices" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"voucher_type" integer NOT NULL,
	"number" integer NOT NULL,
	"voucher_date" text NOT NULL,
	"request" jsonb NOT NULL,
	"cae" text NOT NULL,
	"cae_expiry" text NOT NULL,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sim_invoices_environment_cuit_point_of_sale_voucher_type_number_pk" PRIMARY KEY("environment","cuit","point_of_sale","voucher_type","number")
);
