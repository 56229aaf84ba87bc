-- Tickets cached by certificate fingerprint cannot be given their DN in SQL; the cache starts empty.
DELETE FROM "arca_tickets";--> statement-breakpoint
ALTER TABLE "arca_tickets" DROP CONSTRAINT "arca_tickets_environment_certificate_fingerprint_service_pk";--> statement-breakpoint
ALTER TABLE "arca_tickets" DROP COLUMN "certificate_fingerprint";--> statement-breakpoint
ALTER TABLE "arca_tickets" ADD COLUMN "cuit" text NOT NULL;--> statement-breakpoint
ALTER TABLE "arca_tickets" ADD COLUMN "dn" text NOT NULL;--> statement-breakpoint
ALTER TABLE "arca_tickets" ADD CONSTRAINT "arca_tickets_environment_cuit_dn_service_pk" PRIMARY KEY("environment","cuit","dn","service");
