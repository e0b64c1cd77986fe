CREATE TABLE "essay_reviews" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"transcript" text,
	"teacher_comment" text DEFAULT '' NOT NULL,
	"dimension_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_identity_id" integer,
	"approved_by_identity_id" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"owner_identity_id" integer,
	"kind" text NOT NULL,
	"dimension" text DEFAULT 'overall' NOT NULL,
	"genre" text DEFAULT 'any' NOT NULL,
	"core" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text NOT NULL,
	"seed_key" text,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revision_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"essay_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"mode" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"next_draft" integer NOT NULL,
	"requested_by_identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"fulfilled_by_essay_id" integer
);
--> statement-breakpoint
CREATE TABLE "sso_launch_nonces" (
	"partner_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_launch_nonces_partner_id_nonce_pk" PRIMARY KEY("partner_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "sso_partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"school_id" integer NOT NULL,
	"secret" text NOT NULL,
	"endpoint" text,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_user_links" (
	"partner_id" text NOT NULL,
	"external_user_id" text NOT NULL,
	"identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_user_links_partner_id_external_user_id_pk" PRIMARY KEY("partner_id","external_user_id")
);
--> statement-breakpoint
CREATE TABLE "student_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"task_id" integer,
	"essay_id" integer,
	"message" text NOT NULL,
	"is_read" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "essay_reviews" ADD CONSTRAINT "essay_reviews_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_reviews" ADD CONSTRAINT "essay_reviews_updated_by_identity_id_identities_id_fk" FOREIGN KEY ("updated_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_reviews" ADD CONSTRAINT "essay_reviews_approved_by_identity_id_identities_id_fk" FOREIGN KEY ("approved_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comments" ADD CONSTRAINT "library_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comments" ADD CONSTRAINT "library_comments_owner_identity_id_identities_id_fk" FOREIGN KEY ("owner_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_requested_by_identity_id_identities_id_fk" FOREIGN KEY ("requested_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_fulfilled_by_essay_id_essays_id_fk" FOREIGN KEY ("fulfilled_by_essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_launch_nonces" ADD CONSTRAINT "sso_launch_nonces_partner_id_sso_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."sso_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_partners" ADD CONSTRAINT "sso_partners_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_user_links" ADD CONSTRAINT "sso_user_links_partner_id_sso_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."sso_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_user_links" ADD CONSTRAINT "sso_user_links_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notifications" ADD CONSTRAINT "student_notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notifications" ADD CONSTRAINT "student_notifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notifications" ADD CONSTRAINT "student_notifications_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notifications" ADD CONSTRAINT "student_notifications_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_comments_owner_idx" ON "library_comments" USING btree ("owner_identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_comments_seed_key" ON "library_comments" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "revision_requests_task_idx" ON "revision_requests" USING btree ("task_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revision_requests_pending_key" ON "revision_requests" USING btree ("task_id","student_id") WHERE "revision_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "student_notifications_student_idx" ON "student_notifications" USING btree ("student_id","is_read");