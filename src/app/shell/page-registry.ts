import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';

/** Pages built so far, by route name. Routes not listed render the honest "being built" page. */
export const PAGES: Record<string, ComponentType<object>> = {
  login: lazyPage(() => import('../pages/user/LoginPage')),
  register: lazyPage(() => import('../pages/user/RegisterPage')),
  recover: lazyPage(() => import('../pages/user/RecoverPage')),
  registerResult: lazyPage(() => import('../pages/user/RegisterResultPage')),
  selectCharacter: lazyPage(() => import('../pages/account/SelectCharacterPage')),
  initialUser: lazyPage(() => import('../pages/account/InitialUserPage')),
  forgetPassword: lazyPage(() => import('../pages/account/ForgetPasswordPage')),
  forgetNewPassword: lazyPage(() => import('../pages/account/ForgetNewPasswordPage')),
  loading: lazyPage(() => import('../pages/account/LoadingPage')),
  expired: lazyPage(() => import('../pages/system/ExpiredPage')),
  '404': lazyPage(() => import('../pages/system/NotFoundPage')),
  exception403: lazyPage(() => import('../pages/system/ForbiddenPage')),
  exception404: lazyPage(() => import('../pages/system/NotFoundPage')),
  exception500: lazyPage(() => import('../pages/system/ServerErrorPage')),
  teacherIndex: lazyPage(() => import('../pages/teacher/TeacherHomePage')),
  teacherAssignTask: lazyPage(() => import('../pages/teacher/AssignTaskPage')),
  assignTask: lazyPage(() => import('../pages/teacher/AssignTaskPage')),
  classIndex: lazyPage(() => import('../pages/class/ClassListPage')),
  classStudent: lazyPage(() => import('../pages/class/StudentPage')),
  parentManagement: lazyPage(() => import('../pages/class/ParentPage')),
  classBind: lazyPage(() => import('../pages/class/BindTextbookPage')),
  requireWorkIndex: lazyPage(() => import('../pages/bank/RequireWorkPage')),
  foundation: lazyPage(() => import('../pages/headmaster/FoundationPage')),
  writingUploadIndex: lazyPage(() => import('../pages/homework/WritingUploadPage')),
  situation: lazyPage(() => import('../pages/homework/WritingListPage')),
  writingList: lazyPage(() => import('../pages/homework/WritingListPage')),
  writingUploadInfo: lazyPage(() => import('../pages/homework/WritingUploadPage')),
};
