ALTER TABLE "arca_tickets" ADD COLUMN "cuit" text;--> statement-breakpoint
ALTER TABLE "arca_tickets" ADD COLUMN "dn" text;--> statement-breakpoint
-- A ticket's token is ARCA's base64 XML; its login element names the holder: uid="SERIALNUMBER=CUIT <cuit>, CN=<alias>".
-- Tickets still valid must be found under that DN after the deploy: ARCA refuses another login until they expire.
UPDATE "arca_tickets" AS t SET "cuit" = holder.cuit, "dn" = 'SERIALNUMBER=CUIT ' || holder.cuit || ', CN=' || holder.alias
FROM (
  SELECT "environment", "certificate_fingerprint", "service",
    substring(uid FROM 'SERIALNUMBER=CUIT ([0-9]{11})') AS cuit,
    btrim(substring(uid FROM '(?:^|,)\s*CN=([^,]+)')) AS alias
  FROM (
    SELECT "environment", "certificate_fingerprint", "service",
      CASE WHEN "token" ~ '^[A-Za-z0-9+/]+={0,2}$' AND length("token") % 4 = 0
        THEN substring(convert_from(decode("token", 'base64'), 'UTF8') FROM '<login\s[^>]*\muid="([^"]*)"')
      END AS uid
    FROM "arca_tickets"
  ) AS decoded
) AS holder
WHERE t."environment" = holder."environment" AND t."certificate_fingerprint" = holder."certificate_fingerprint" AND t."service" = holder."service"
  AND holder.cuit IS NOT NULL AND holder.alias IS NOT NULL;--> statement-breakpoint
-- No DN in the token, or two certificates of one DN: only one ticket per DN can be kept (the latest).
DELETE FROM "arca_tickets" WHERE "dn" IS NULL;--> statement-breakpoint
DELETE FROM "arca_tickets" AS t USING "arca_tickets" AS newer
WHERE t."environment" = newer."environment" AND t."dn" = newer."dn" AND t."service" = newer."service"
  AND (t."generation_time", t."certificate_fingerprint") < (newer."generation_time", newer."certificate_fingerprint");--> statement-breakpoint
ALTER TABLE "arca_tickets" DROP CONSTRAINT "arca_tickets_environment_certificate_fingerprint_service_pk";--> statement-breakpoint
ALTER TABLE "arca_tickets" DROP COLUMN "certificate_fingerprint";--> statement-breakpoint
ALTER TABLE "arca_tickets" ALTER COLUMN "cuit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "arca_tickets" ALTER COLUMN "dn" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "arca_tickets" ADD CONSTRAINT "arca_tickets_environment_cuit_dn_service_pk" PRIMARY KEY("environment","cuit","dn","service");
