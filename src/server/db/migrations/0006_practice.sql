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
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_creator_identity_id_identities_id_fk" FOREIGN KEY ("creator_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_source_id_writing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."writing_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_no_key" ON "practice_attempts" USING btree ("practice_id","student_id","attempt_no");--> statement-breakpoint
CREATE INDEX "practice_attempts_student_idx" ON "practice_attempts" USING btree ("student_id","submitted_at");--> statement-breakpoint
CREATE INDEX "practices_class_idx" ON "practices" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "practices_school_idx" ON "practices" USING btree ("school_id","kind");