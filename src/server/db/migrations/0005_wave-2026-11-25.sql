CREATE TABLE "essay_facts" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"class_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"approver_id" integer,
	"draft" integer NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"ai_done" boolean NOT NULL,
	"ai_percent" double precision,
	"teacher_percent" double precision,
	"final_percent" double precision,
	"score_changed" boolean DEFAULT false NOT NULL,
	"score_delta" double precision,
	"word_count" integer,
	"commented" integer DEFAULT 0 NOT NULL,
	"annotations" integer DEFAULT 0 NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_facts_watermarks" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"file_ids" jsonb NOT NULL,
	"source" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excellent_sample_likes" (
	"sample_id" integer NOT NULL,
	"reader_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excellent_sample_likes_sample_id_reader_key_pk" PRIMARY KEY("sample_id","reader_key")
);
--> statement-breakpoint
CREATE TABLE "excellent_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"task_id" integer NOT NULL,
	"essay_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'to_release' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"cover_file_id" uuid,
	"abstract" text DEFAULT '' NOT NULL,
	"ai_review" text DEFAULT '' NOT NULL,
	"teacher_evaluation" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT 'class' NOT NULL,
	"show_name" boolean DEFAULT true NOT NULL,
	"genre" text NOT NULL,
	"themes" text[] DEFAULT '{}'::text[] NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"check_note" text,
	"proposed_by_identity_id" integer NOT NULL,
	"checked_by_identity_id" integer,
	"checked_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "growth_entries" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"task_title" text NOT NULL,
	"draft" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"score" text,
	"score_percent" integer,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wrong_chars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"good_sentences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"teacher_comment" text DEFAULT '' NOT NULL,
	"transcript" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_records" (
	"student_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"tasks_completed" integer DEFAULT 0 NOT NULL,
	"essays_submitted" integer DEFAULT 0 NOT NULL,
	"total_words" integer DEFAULT 0 NOT NULL,
	"average_percent" integer,
	"last_approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_records_student_id_semester_id_pk" PRIMARY KEY("student_id","semester_id")
);
--> statement-breakpoint
CREATE TABLE "library_comment_uses" (
	"comment_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_comment_uses_comment_id_school_id_pk" PRIMARY KEY("comment_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "parent_report_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_identity_id" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "report_configs" (
	"identity_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'simple' NOT NULL,
	"sections" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essay_facts" ADD CONSTRAINT "essay_facts_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_facts" ADD CONSTRAINT "essay_facts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_facts_watermarks" ADD CONSTRAINT "essay_facts_watermarks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_page_versions" ADD CONSTRAINT "essay_page_versions_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_sample_likes" ADD CONSTRAINT "excellent_sample_likes_sample_id_excellent_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."excellent_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_proposed_by_identity_id_identities_id_fk" FOREIGN KEY ("proposed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_samples" ADD CONSTRAINT "excellent_samples_checked_by_identity_id_identities_id_fk" FOREIGN KEY ("checked_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comment_uses" ADD CONSTRAINT "library_comment_uses_comment_id_library_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."library_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comment_uses" ADD CONSTRAINT "library_comment_uses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_created_by_identity_id_identities_id_fk" FOREIGN KEY ("created_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_configs" ADD CONSTRAINT "report_configs_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essay_facts_scope_idx" ON "essay_facts" USING btree ("school_id","semester_id","campus_id","grade","class_id");--> statement-breakpoint
CREATE INDEX "essay_facts_teacher_idx" ON "essay_facts" USING btree ("school_id","semester_id","teacher_id");--> statement-breakpoint
CREATE INDEX "essay_facts_task_student_idx" ON "essay_facts" USING btree ("task_id","student_id","draft");--> statement-breakpoint
CREATE INDEX "essay_page_versions_essay_idx" ON "essay_page_versions" USING btree ("essay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "excellent_samples_essay_key" ON "excellent_samples" USING btree ("essay_id") WHERE "excellent_samples"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "excellent_samples_school_idx" ON "excellent_samples" USING btree ("school_id","campus_id","status");--> statement-breakpoint
CREATE INDEX "excellent_samples_student_idx" ON "excellent_samples" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "excellent_samples_task_idx" ON "excellent_samples" USING btree ("task_id","class_id");--> statement-breakpoint
CREATE INDEX "growth_entries_student_idx" ON "growth_entries" USING btree ("student_id","semester_id","submitted_at");--> statement-breakpoint
CREATE INDEX "growth_records_semester_idx" ON "growth_records" USING btree ("semester_id","school_id");--> statement-breakpoint
CREATE INDEX "parent_report_links_student_idx" ON "parent_report_links" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "essays_school_updated_idx" ON "essays" USING btree ("school_id","updated_at");