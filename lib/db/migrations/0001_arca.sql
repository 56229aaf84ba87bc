CREATE TABLE "arca_sim_authorizations" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"alias" text NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sim_authorizations_environment_cuit_alias_service_pk" PRIMARY KEY("environment","cuit","alias","service")
);
--> statement-breakpoint
CREATE TABLE "arca_sim_cas" (
	"environment" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arca_sim_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"alias" text NOT NULL,
	"fingerprint" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sim_certificates_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "arca_sim_points_of_sale" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"number" integer NOT NULL,
	"emission_type" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"closed_on" text,
	"last_voucher" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sim_points_of_sale_environment_cuit_number_pk" PRIMARY KEY("environment","cuit","number")
);
--> statement-breakpoint
CREATE TABLE "arca_sim_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"alias" text NOT NULL,
	"service" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_sim_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "arca_tickets" (
	"environment" text NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"service" text NOT NULL,
	"token" text NOT NULL,
	"sign" text NOT NULL,
	"generation_time" timestamp with time zone NOT NULL,
	"expiration_time" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_tickets_environment_certificate_fingerprint_service_pk" PRIMARY KEY("environment","certificate_fingerprint","service")
);
--> statement-breakpoint
CREATE INDEX "arca_sim_certificates_cuit_idx" ON "arca_sim_certificates" USING btree ("environment","cuit");--> statement-breakpoint
CREATE INDEX "arca_sim_tickets_holder_idx" ON "arca_sim_tickets" USING btree ("environment","cuit","alias","service");