/**
 * The comments a reader of an approved essay (parent, class report) sees. When the teacher adopted the
 * AI's overall comment as their own (batch approval's "use the AI comment as mine"), the two are the
 * same paragraph: it is shown once, as the teacher's, instead of twice under two names.
 */
export function commentsShown(teacherComment: string | null | undefined, aiComment: string | null | undefined): { teacherComment: string; aiComment: string } {
  const teacher = (teacherComment ?? '').trim();
  const ai = (aiComment ?? '').trim();
  const same = teacher !== '' && squash(teacher) === squash(ai);
  return { teacherComment: teacher, aiComment: same ? '' : ai };
}

const squash = (s: string) => s.replace(/\s+/g, '');
