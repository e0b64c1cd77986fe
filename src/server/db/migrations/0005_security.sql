CREATE TABLE "essay_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"file_ids" jsonb NOT NULL,
	"source" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_comment_uses" (
	"comment_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_comment_uses_comment_id_school_id_pk" PRIMARY KEY("comment_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "essay_page_versions" ADD CONSTRAINT "essay_page_versions_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comment_uses" ADD CONSTRAINT "library_comment_uses_comment_id_library_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."library_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_comment_uses" ADD CONSTRAINT "library_comment_uses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essay_page_versions_essay_idx" ON "essay_page_versions" USING btree ("essay_id");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");