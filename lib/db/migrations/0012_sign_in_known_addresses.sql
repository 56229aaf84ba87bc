CREATE TABLE "sign_in_known_addresses" (
	"key" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_known_addresses_last_sign_in_idx" ON "sign_in_known_addresses" USING btree ("last_sign_in_at");