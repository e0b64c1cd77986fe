import type { RouteDef } from './route';
import { auth } from './auth';
import { autoCorrection } from './auto-correction';
import { batch } from './batch';
import { classReport } from './class-report';
import { classes } from './classes';
import { commentLibrary } from './comment-library';
import { correction } from './correction';
import { dictionary } from './dictionary';
import { enrollment } from './enrollment';
import { files } from './files';
import { foundation } from './foundation';
import { growth } from './growth';
import { h5Messages } from './h5-messages';
import { h5Upload } from './h5-upload';
import { health } from './health';
import { lcw } from './lcw';
import { leaders } from './leaders';
import { lti } from './lti';
import { menus } from './menus';
import { messages } from './messages';
import { practiceH5 } from './practice-h5';
import { practice } from './practice';
import { promptBank } from './prompt-bank';
import { review } from './review';
import { revision } from './revision';
import { samples } from './samples';
import { school } from './school';
import { scoring } from './scoring';
import { sso } from './sso';
import { students } from './students';
import { tasks } from './tasks';
import { users } from './users';
import { writingStatistics } from './writing-statistics';
import { writings } from './writings';

/** Every route table, for the server's registration check and the API tests (browser code imports one table at a time). */
export const routeTables = {
  auth,
  autoCorrection,
  batch,
  classReport,
  classes,
  commentLibrary,
  correction,
  dictionary,
  enrollment,
  files,
  foundation,
  growth,
  h5Messages,
  h5Upload,
  health,
  lcw,
  leaders,
  lti,
  menus,
  messages,
  practiceH5,
  practice,
  promptBank,
  review,
  revision,
  samples,
  school,
  scoring,
  sso,
  students,
  tasks,
  users,
  writingStatistics,
  writings,
};

/** Every declared route. */
export const allRoutes: RouteDef[] = Object.values(routeTables).flatMap((table) => Object.values(table) as RouteDef[]);
