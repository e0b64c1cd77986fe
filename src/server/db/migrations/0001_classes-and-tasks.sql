CREATE TABLE "class_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"report" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"class_id" integer NOT NULL,
	"identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_teachers_class_id_identity_id_pk" PRIMARY KEY("class_id","identity_id")
);
--> statement-breakpoint
CREATE TABLE "class_textbooks" (
	"class_id" integer NOT NULL,
	"textbook_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_textbooks_class_id_textbook_id_pk" PRIMARY KEY("class_id","textbook_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"name" text NOT NULL,
	"grade" integer NOT NULL,
	"main_teacher_id" integer,
	"class_date" date,
	"start_time" text,
	"end_time" text,
	"class_code" text NOT NULL,
	"source" text DEFAULT 'zhipi' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"owner_identity_id" integer,
	"name" text NOT NULL,
	"level_type" integer NOT NULL,
	"level_dim" text NOT NULL,
	"difficulty" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"student_no" text NOT NULL,
	"identification_no" text,
	"phone" text,
	"source" text DEFAULT 'zhipi' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_classes" (
	"task_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "task_classes_task_id_class_id_pk" PRIMARY KEY("task_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"genre" text NOT NULL,
	"grade" integer NOT NULL,
	"unit" integer,
	"semester_id" integer,
	"difficulty" text DEFAULT 'normal' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"guidance" text DEFAULT '' NOT NULL,
	"source_id" integer,
	"release_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'released' NOT NULL,
	"scoring_standard_id" integer,
	"creator_identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teacher_score_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"key" text NOT NULL,
	"scoring_standard_id" integer,
	"full_mark" integer DEFAULT 100 NOT NULL,
	"updated_by_identity_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"publisher" text NOT NULL,
	"subject" text NOT NULL,
	"grade" integer NOT NULL,
	"term" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "writing_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"owner_identity_id" integer,
	"seed_key" text,
	"copied_from_id" integer,
	"title" text NOT NULL,
	"theme" text NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"grade" integer NOT NULL,
	"unit" integer,
	"term" integer,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"guidance" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "writing_sources_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
ALTER TABLE "class_sync_runs" ADD CONSTRAINT "class_sync_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_textbooks" ADD CONSTRAINT "class_textbooks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_textbooks" ADD CONSTRAINT "class_textbooks_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_main_teacher_id_identities_id_fk" FOREIGN KEY ("main_teacher_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_standards" ADD CONSTRAINT "scoring_standards_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_standards" ADD CONSTRAINT "scoring_standards_owner_identity_id_identities_id_fk" FOREIGN KEY ("owner_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_classes" ADD CONSTRAINT "task_classes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_classes" ADD CONSTRAINT "task_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_id_writing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."writing_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_scoring_standard_id_scoring_standards_id_fk" FOREIGN KEY ("scoring_standard_id") REFERENCES "public"."scoring_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_identity_id_identities_id_fk" FOREIGN KEY ("creator_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_score_configs" ADD CONSTRAINT "teacher_score_configs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_score_configs" ADD CONSTRAINT "teacher_score_configs_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_score_configs" ADD CONSTRAINT "teacher_score_configs_scoring_standard_id_scoring_standards_id_fk" FOREIGN KEY ("scoring_standard_id") REFERENCES "public"."scoring_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_score_configs" ADD CONSTRAINT "teacher_score_configs_updated_by_identity_id_identities_id_fk" FOREIGN KEY ("updated_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_sources" ADD CONSTRAINT "writing_sources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_sources" ADD CONSTRAINT "writing_sources_owner_identity_id_identities_id_fk" FOREIGN KEY ("owner_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_teachers_identity_idx" ON "class_teachers" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "classes_school_idx" ON "classes" USING btree ("school_id","semester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_code_key" ON "classes" USING btree ("class_code");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_external_key" ON "classes" USING btree ("school_id","external_id") WHERE "classes"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "parents_student_idx" ON "parents" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "semesters_unique" ON "semesters" USING btree ("school_id","year","term");--> statement-breakpoint
CREATE INDEX "students_class_idx" ON "students" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_no_key" ON "students" USING btree ("class_id","student_no") WHERE "students"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "students_ident_key" ON "students" USING btree ("school_id","identification_no") WHERE "students"."deleted_at" is null and "students"."identification_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "students_external_key" ON "students" USING btree ("school_id","external_id") WHERE "students"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "task_classes_class_idx" ON "task_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "tasks_school_idx" ON "tasks" USING btree ("school_id","release_at");--> statement-breakpoint
CREATE INDEX "tasks_scheduled_idx" ON "tasks" USING btree ("status","release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_score_configs_unique" ON "teacher_score_configs" USING btree ("school_id","campus_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "textbooks_unique" ON "textbooks" USING btree ("publisher","subject","grade","term");--> statement-breakpoint
CREATE INDEX "writing_sources_owner_idx" ON "writing_sources" USING btree ("owner_identity_id");--> statement-breakpoint
CREATE INDEX "writing_sources_grade_idx" ON "writing_sources" USING btree ("grade","unit");