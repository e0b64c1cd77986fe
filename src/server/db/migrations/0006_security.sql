CREATE TABLE "student_code_versions" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"version" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"reset_by_identity_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_code_versions" ADD CONSTRAINT "student_code_versions_reset_by_identity_id_identities_id_fk" FOREIGN KEY ("reset_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;