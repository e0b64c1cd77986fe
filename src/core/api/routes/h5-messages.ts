import type * as m from '../contracts/student-messages';
import type * as shapes from '../contracts/shapes/h5-messages';
import { route } from './route';

/** /platform-management: h5-messages.ts routes. */
export const h5Messages = {
  studentVerify: route<{ body: typeof m.studentMessagesQuery; answer: typeof m.studentVerified }>('POST', '/platform-management/h5/student/verify', {
    summary: "Check a student’s own code (学生码); wrong tries are limited per student and per address",
    tags: ["platform-management: students’ notifications (public)"],
    public: true,
  }),
  messages: route<{ body: typeof m.studentMessagesQuery; answer: typeof shapes.messagesAnswer }>('POST', '/platform-management/h5/messages', {
    summary: "The student’s notifications, newest first, with a link to the task’s phone upload for a request or a reminder",
    tags: ["platform-management: students’ notifications (public)"],
    public: true,
  }),
  messagesRead: route<{ body: typeof m.studentMessagesReadBody; answer: typeof shapes.messagesReadAnswer }>('POST', '/platform-management/h5/messages/read', {
    summary: "Mark the student’s notifications as read (ids of other students are ignored)",
    tags: ["platform-management: students’ notifications (public)"],
    public: true,
  }),
};
