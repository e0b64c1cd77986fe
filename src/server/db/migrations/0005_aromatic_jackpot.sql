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
CREATE UNIQUE INDEX "excellent_samples_essay_key" ON "excellent_samples" USING btree ("essay_id") WHERE "excellent_samples"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "excellent_samples_school_idx" ON "excellent_samples" USING btree ("school_id","campus_id","status");--> statement-breakpoint
CREATE INDEX "excellent_samples_student_idx" ON "excellent_samples" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "excellent_samples_task_idx" ON "excellent_samples" USING btree ("task_id","class_id");