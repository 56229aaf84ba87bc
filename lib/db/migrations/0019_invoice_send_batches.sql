DROP INDEX "invoice_sends_in_flight_idx";--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD COLUMN "batch_of" uuid;--> statement-breakpoint
CREATE INDEX "invoice_sends_batch_idx" ON "invoice_sends" USING btree ("batch_of") WHERE "invoice_sends"."batch_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_in_flight_idx" ON "invoice_sends" USING btree ("environment","cuit","point_of_sale","voucher_type") WHERE "invoice_sends"."status" = 'pending' and ("invoice_sends"."batch_of" is null or "invoice_sends"."batch_of" = "invoice_sends"."entry_id");