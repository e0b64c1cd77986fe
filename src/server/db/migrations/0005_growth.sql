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
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_entries" ADD CONSTRAINT "growth_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_entries_student_idx" ON "growth_entries" USING btree ("student_id","semester_id","submitted_at");--> statement-breakpoint
CREATE INDEX "growth_records_semester_idx" ON "growth_records" USING btree ("semester_id","school_id");