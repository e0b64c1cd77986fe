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
ALTER TABLE "essay_facts" ADD CONSTRAINT "essay_facts_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_facts" ADD CONSTRAINT "essay_facts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_facts_watermarks" ADD CONSTRAINT "essay_facts_watermarks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essay_facts_scope_idx" ON "essay_facts" USING btree ("school_id","semester_id","campus_id","grade","class_id");--> statement-breakpoint
CREATE INDEX "essay_facts_teacher_idx" ON "essay_facts" USING btree ("school_id","semester_id","teacher_id");--> statement-breakpoint
CREATE INDEX "essay_facts_task_student_idx" ON "essay_facts" USING btree ("task_id","student_id","draft");--> statement-breakpoint
CREATE INDEX "essays_school_updated_idx" ON "essays" USING btree ("school_id","updated_at");