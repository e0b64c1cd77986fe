import type { z } from 'zod';
import type { ApiClient } from '../client';
import { lcw as lcwRoutes } from '../routes/lcw';
import { pathOf } from '../routes/route';
import type * as l from '../contracts/lcw';
type In<T extends z.ZodType> = z.input<T>;

/** The etiquette test for staff (lcw/*): question bank, tests, results, marking. */
export function lcwApi(client: ApiClient) {
  return {
    classes: () => client.call(lcwRoutes.lcwClasses),
    questions: (query: Partial<l.QuestionQuery>) => client.call(lcwRoutes.lcwQuestions, { query }),
    addQuestion: (body: In<typeof l.questionBody>) => client.call(lcwRoutes.lcwQuestionsPost, { body }),
    updateQuestion: (id: number, body: In<typeof l.questionBody>) => client.call(lcwRoutes.lcwQuestionsPostById, { params: { id }, body }),
    deleteQuestion: (id: number) => client.call(lcwRoutes.lcwQuestionsDelete, { query: { id } }),
    importQuestions: (fileName: string, contentBase64: string) => client.call(lcwRoutes.lcwQuestionsImport, { body: { fileName, contentBase64 } }),
    template: () => client.blob(pathOf(lcwRoutes.lcwQuestionsTemplate)),
    tests: (query: { keyword?: string; classId?: number; pageNum?: number; pageSize?: number }) => client.call(lcwRoutes.lcwTests, { query }),
    test: (id: number) => client.call(lcwRoutes.lcwTestsGet, { params: { id } }),
    createTest: (body: In<typeof l.testBody>) => client.call(lcwRoutes.lcwTestsPost, { body }),
    publishTest: (id: number) => client.call(lcwRoutes.lcwTestsPublish, { params: { id } }),
    deleteTest: (id: number) => client.call(lcwRoutes.lcwTestsDelete, { query: { id } }),
    results: (id: number) => client.call(lcwRoutes.lcwTestsResults, { params: { id } }),
    submission: (id: number) => client.call(lcwRoutes.lcwSubmissions, { params: { id } }),
    marking: (testId: number, onlyPending: boolean) => client.call(lcwRoutes.lcwMarking, { query: { testId, onlyPending: onlyPending ? 1 : 0 } }),
    mark: (answerId: number, score: number, comment: string) => client.call(lcwRoutes.lcwMarkingPost, { body: { answerId, score, comment } }),
  };
}
export type LcwApi = ReturnType<typeof lcwApi>;

/** Who a student is on the phone: class code, student and their own code (学生码). */
export interface LcwStudentWho {
  classCode: string;
  studentId: number;
  studentCode: string;
}

/** The etiquette test on the students' phones (public h5/lcw/*). */
export function lcwH5Api(client: ApiClient) {
  return {
    classInfo: (classCode: string) => client.call(lcwRoutes.h5LcwClass, { body: { classCode } }),
    test: (who: LcwStudentWho, testId: number) => client.call(lcwRoutes.h5LcwTest, { body: { ...who, testId } }),
    submit: (who: LcwStudentWho, testId: number, answers: { testQuestionId: number; choice: number[]; text: string }[]) =>
      client.call(lcwRoutes.h5LcwSubmit, { body: { ...who, testId, answers } }),
  };
}
export type LcwH5Api = ReturnType<typeof lcwH5Api>;
