import { accountService } from './account-service';
import { classService } from './class-service';
import { classSyncService } from './class-sync/class-sync-service';
import type { ServiceDeps } from './deps';
import { promptBankService } from './prompt-bank-service';
import { scoringService } from './scoring-service';
import { sessionService } from './session-service';
import { ssoService } from './sso-service';
import { ltiService } from './lti-service';
import { ltiAdminService } from './lti-admin-service';
import { ltiRosterService } from './lti-roster-service';
import { studentService } from './student-service';
import { taskService } from './task-service';
import { essayService } from './essay-service';
import { fileService } from './file-service';
import { h5UploadService } from './h5-upload-service';
import { reviewService } from './review-service';
import { upgradeService } from './upgrade-service';
import { revisionService } from './revision-service';
import { reminderService } from './reminder-service';
import { studentMessagesService } from './student-notifications';
import { sampleService } from './sample-service';
import { practiceService } from './practice-service';
import { practiceH5Service } from './practice-h5-service';

/** All services, built once per app from the same dependencies. */
export function buildServices(deps: ServiceDeps) {
  const classes = classService(deps);
  const session = sessionService(deps);
  return {
    deps,
    session,
    sso: ssoService(deps, session),
    lti: ltiService(deps, session),
    ltiAdmin: ltiAdminService(deps),
    ltiRoster: ltiRosterService(deps),
    account: accountService(deps),
    classes,
    students: studentService(deps, classes),
    tasks: taskService(deps),
    promptBank: promptBankService(deps),
    scoring: scoringService(deps),
    classSync: classSyncService(deps),
    files: fileService(deps),
    essays: essayService(deps),
    h5Upload: h5UploadService(deps),
    review: reviewService(deps),
    upgrade: upgradeService(deps),
    revision: revisionService(deps),
    reminders: reminderService(deps),
    studentMessages: studentMessagesService(deps),
    samples: sampleService(deps),
    practice: practiceService(deps),
    practiceH5: practiceH5Service(deps),
  };
}
export type Services = ReturnType<typeof buildServices>;
