CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_apps" (
	"workspace_id" uuid NOT NULL,
	"app" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "workspace_apps_workspace_id_app_pk" PRIMARY KEY("workspace_id","app")
);
--> statement-breakpoint
CREATE TABLE "silo_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid NOT NULL,
	"key" text,
	"folder" text,
	"state" text DEFAULT 'empty' NOT NULL,
	"doc_schema" text NOT NULL,
	"env_schema" text,
	"data" jsonb NOT NULL,
	"faults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "silo_entries_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "silo_entry_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"state" text NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "silo_meta" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"src" text NOT NULL,
	"key" text NOT NULL,
	"ref" text,
	"link_url" text,
	"link_scope" text,
	"value" jsonb,
	"indexed" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transform_job_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"step_id" text NOT NULL,
	"name" text NOT NULL,
	"phase" text DEFAULT 'steps' NOT NULL,
	"status" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transform_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid NOT NULL,
	"key" text,
	"workflow_id" uuid NOT NULL,
	"silo_entry_id" uuid NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_hash" text NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"phase" text DEFAULT 'steps' NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transform_jobs_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "transform_workflows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"template" text,
	"steps" jsonb NOT NULL,
	"rescue" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_apps" ADD CONSTRAINT "workspace_apps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_entries" ADD CONSTRAINT "silo_entries_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_entry_states" ADD CONSTRAINT "silo_entry_states_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_meta" ADD CONSTRAINT "silo_meta_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_meta" ADD CONSTRAINT "silo_meta_entry_id_silo_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."silo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transform_job_intents" ADD CONSTRAINT "transform_job_intents_job_id_transform_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."transform_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transform_jobs" ADD CONSTRAINT "transform_jobs_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transform_workflows" ADD CONSTRAINT "transform_workflows_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "silo_entries_owner_key_idx" ON "silo_entries" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "silo_entries_owner_folder_seq_idx" ON "silo_entries" USING btree ("owner_id","folder","seq");--> statement-breakpoint
CREATE INDEX "silo_entries_owner_seq_idx" ON "silo_entries" USING btree ("owner_id","seq");--> statement-breakpoint
CREATE INDEX "silo_entry_states_entry_idx" ON "silo_entry_states" USING btree ("entry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "silo_meta_entry_src_key_idx" ON "silo_meta" USING btree ("entry_id","src","key");--> statement-breakpoint
CREATE UNIQUE INDEX "silo_meta_ref_idx" ON "silo_meta" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "transform_job_intents_job_step_idx" ON "transform_job_intents" USING btree ("job_id","phase","position");--> statement-breakpoint
CREATE UNIQUE INDEX "transform_jobs_owner_key_idx" ON "transform_jobs" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "transform_jobs_owner_seq_idx" ON "transform_jobs" USING btree ("owner_id","seq");--> statement-breakpoint
CREATE INDEX "transform_jobs_runnable_idx" ON "transform_jobs" USING btree ("run_after") WHERE "transform_jobs"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "transform_jobs_entry_idx" ON "transform_jobs" USING btree ("silo_entry_id");--> statement-breakpoint
CREATE INDEX "transform_workflows_owner_idx" ON "transform_workflows" USING btree ("owner_id","created_at");