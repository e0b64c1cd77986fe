CREATE TABLE "lcw_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"test_question_id" integer NOT NULL,
	"choice" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"correct" boolean,
	"score" integer,
	"teacher_comment" text DEFAULT '' NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lcw_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"kind" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lcw_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lcw_test_classes" (
	"test_id" integer NOT NULL,
	"class_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lcw_test_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"question_id" integer,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lcw_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "enrollment_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"title" text NOT NULL,
	"grades" jsonb NOT NULL,
	"places" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "enrollment_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"child_name" text NOT NULL,
	"gender" integer NOT NULL,
	"birth_date" date NOT NULL,
	"grade" integer NOT NULL,
	"guardian_name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"id_hash" text NOT NULL,
	"id_masked" text NOT NULL,
	"current_school" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_code_versions" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"version" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"reset_by_identity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"source" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"feedback" jsonb,
	"score_percent" integer,
	"word_count" integer,
	"error" text,
	"teacher_comment" text DEFAULT '' NOT NULL,
	"commented_at" timestamp with time zone,
	"submitted_at" timestamp with time zone NOT NULL,
	"feedback_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"creator_identity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"source_id" integer,
	"genre" text DEFAULT '' NOT NULL,
	"grade" integer NOT NULL,
	"min_words" integer NOT NULL,
	"focus" text DEFAULT '' NOT NULL,
	"duration_minutes" integer,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lcw_answers" ADD CONSTRAINT "lcw_answers_submission_id_lcw_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."lcw_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_answers" ADD CONSTRAINT "lcw_answers_test_question_id_lcw_test_questions_id_fk" FOREIGN KEY ("test_question_id") REFERENCES "public"."lcw_test_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_answers" ADD CONSTRAINT "lcw_answers_marked_by_identities_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_questions" ADD CONSTRAINT "lcw_questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_questions" ADD CONSTRAINT "lcw_questions_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_submissions" ADD CONSTRAINT "lcw_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_submissions" ADD CONSTRAINT "lcw_submissions_test_id_lcw_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lcw_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_submissions" ADD CONSTRAINT "lcw_submissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_submissions" ADD CONSTRAINT "lcw_submissions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_test_classes" ADD CONSTRAINT "lcw_test_classes_test_id_lcw_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lcw_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_test_classes" ADD CONSTRAINT "lcw_test_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_test_questions" ADD CONSTRAINT "lcw_test_questions_test_id_lcw_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lcw_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_test_questions" ADD CONSTRAINT "lcw_test_questions_question_id_lcw_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."lcw_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_tests" ADD CONSTRAINT "lcw_tests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lcw_tests" ADD CONSTRAINT "lcw_tests_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_notices" ADD CONSTRAINT "enrollment_notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_notices" ADD CONSTRAINT "enrollment_notices_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_registrations" ADD CONSTRAINT "enrollment_registrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_registrations" ADD CONSTRAINT "enrollment_registrations_notice_id_enrollment_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."enrollment_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_reset_by_identity_id_identities_id_fk" FOREIGN KEY ("reset_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_creator_identity_id_identities_id_fk" FOREIGN KEY ("creator_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_source_id_writing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."writing_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lcw_answers_once" ON "lcw_answers" USING btree ("submission_id","test_question_id");--> statement-breakpoint
CREATE INDEX "lcw_answers_pending_idx" ON "lcw_answers" USING btree ("test_question_id") WHERE "lcw_answers"."score" is null;--> statement-breakpoint
CREATE INDEX "lcw_questions_school_idx" ON "lcw_questions" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lcw_submissions_once" ON "lcw_submissions" USING btree ("test_id","student_id");--> statement-breakpoint
CREATE INDEX "lcw_submissions_test_idx" ON "lcw_submissions" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lcw_test_classes_key" ON "lcw_test_classes" USING btree ("test_id","class_id");--> statement-breakpoint
CREATE INDEX "lcw_test_classes_class_idx" ON "lcw_test_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "lcw_test_questions_test_idx" ON "lcw_test_questions" USING btree ("test_id","position");--> statement-breakpoint
CREATE INDEX "lcw_tests_school_idx" ON "lcw_tests" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "enrollment_notices_school_idx" ON "enrollment_notices" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_notices_key" ON "enrollment_notices" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "enrollment_registrations_notice_idx" ON "enrollment_registrations" USING btree ("notice_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_registrations_id_once" ON "enrollment_registrations" USING btree ("notice_id","id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_registrations_phone_child_once" ON "enrollment_registrations" USING btree ("notice_id","phone","child_name");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_no_key" ON "practice_attempts" USING btree ("practice_id","student_id","attempt_no");--> statement-breakpoint
CREATE INDEX "practice_attempts_student_idx" ON "practice_attempts" USING btree ("student_id","submitted_at");--> statement-breakpoint
CREATE INDEX "practices_class_idx" ON "practices" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "practices_school_idx" ON "practices" USING btree ("school_id","kind");