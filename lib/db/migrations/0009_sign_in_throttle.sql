CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttles_next_attempt_idx" ON "sign_in_throttles" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";