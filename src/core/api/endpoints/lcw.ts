import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as l from '../contracts/lcw';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** The etiquette test for staff (lcw/*): question bank, tests, results, marking. */
export function lcwApi(client: ApiClient) {
  return {
    classes: () => client.get<Out<typeof l.lcwClass>[]>(`${MGMT}/lcw/classes`),
    questions: (query: Partial<l.QuestionQuery>) => client.get<Out<typeof l.questionPage>>(`${MGMT}/lcw/questions`, { query }),
    addQuestion: (body: In<typeof l.questionBody>) => client.post<{ id: number }>(`${MGMT}/lcw/questions`, body),
    updateQuestion: (id: number, body: In<typeof l.questionBody>) => client.post<{ id: number }>(`${MGMT}/lcw/questions/${id}`, body),
    deleteQuestion: (id: number) => client.delete<{ id: number }>(`${MGMT}/lcw/questions`, { query: { id } }),
    importQuestions: (fileName: string, contentBase64: string) => client.post<l.ImportResult>(`${MGMT}/lcw/questions/import`, { fileName, contentBase64 }),
    template: () => client.blob(`${MGMT}/lcw/questions/template`),
    tests: (query: { keyword?: string; classId?: number; pageNum?: number; pageSize?: number }) => client.get<Out<typeof l.testPage>>(`${MGMT}/lcw/tests`, { query }),
    test: (id: number) => client.get<l.TestDetail>(`${MGMT}/lcw/tests/${id}`),
    createTest: (body: In<typeof l.testBody>) => client.post<{ id: number }>(`${MGMT}/lcw/tests`, body),
    publishTest: (id: number) => client.post<{ id: number }>(`${MGMT}/lcw/tests/${id}/publish`, {}),
    deleteTest: (id: number) => client.delete<{ id: number }>(`${MGMT}/lcw/tests`, { query: { id } }),
    results: (id: number) => client.get<l.TestResults>(`${MGMT}/lcw/tests/${id}/results`),
    submission: (id: number) => client.get<l.SubmissionDetail>(`${MGMT}/lcw/submissions/${id}`),
    marking: (testId: number, onlyPending: boolean) => client.get<l.MarkingItem[]>(`${MGMT}/lcw/marking`, { query: { testId, onlyPending: onlyPending ? 1 : 0 } }),
    mark: (answerId: number, score: number, comment: string) => client.post<{ submissionId: number; score: number; pending: number }>(`${MGMT}/lcw/marking`, { answerId, score, comment }),
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
    classInfo: (classCode: string) => client.post<Out<typeof l.h5LcwClass>>(`${MGMT}/h5/lcw/class`, { classCode }),
    test: (who: LcwStudentWho, testId: number) => client.post<l.H5LcwTest>(`${MGMT}/h5/lcw/test`, { ...who, testId }),
    submit: (who: LcwStudentWho, testId: number, answers: { testQuestionId: number; choice: number[]; text: string }[]) =>
      client.post<{ score: number; pending: number; totalPoints: number }>(`${MGMT}/h5/lcw/submit`, { ...who, testId, answers }),
  };
}
export type LcwH5Api = ReturnType<typeof lcwH5Api>;
