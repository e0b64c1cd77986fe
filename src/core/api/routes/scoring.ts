import type * as shapes from '../contracts/shapes/scoring';
import type { idQuery } from '../contracts/paging';
import type * as s from '../contracts/scoring';
import { route } from './route';

/** /platform-management: scoring.ts routes. */
export const scoring = {
  mScoringLevelList: route<{ answer: typeof shapes.mScoringLevelListAnswer }>('GET', '/platform-management/mScoringLevel/list', {
    summary: "Scoring standards: the default ones, the school’s and the caller’s own",
    tags: ["platform-management: scoring standards"],
  }),
  mScoringLevelGet: route<{ query: typeof idQuery; answer: typeof s.scoringLevel }>('GET', '/platform-management/mScoringLevel/get', {
    summary: "One scoring standard",
    tags: ["platform-management: scoring standards"],
  }),
  mScoringLevelAdd: route<{ body: typeof s.scoringLevelBody; answer: typeof s.scoringLevel }>('POST', '/platform-management/mScoringLevel/add', {
    summary: "Create a scoring standard (types 1, 2, 4: 4 to 8 dimensions; type 3: one option)",
    tags: ["platform-management: scoring standards"],
  }),
  mScoringLevelUpl: route<{ body: typeof s.scoringLevelUpdateBody; answer: typeof s.scoringLevel }>('POST', '/platform-management/mScoringLevel/upl', {
    summary: "Update one of the caller’s scoring standards",
    tags: ["platform-management: scoring standards"],
  }),
  mTeacherScoreConfigList: route<{ query: typeof s.scoreConfigListQuery; answer: typeof shapes.mTeacherScoreConfigListAnswer }>('GET', '/platform-management/mTeacherScoreConfig/list', {
    summary: "Score configuration of every campus of the school (optionally one key)",
    tags: ["platform-management: scoring standards"],
  }),
  mTeacherScoreConfigGet: route<{ query: typeof s.scoreConfigGetQuery; answer: typeof shapes.mTeacherScoreConfigGetAnswer }>('GET', '/platform-management/mTeacherScoreConfig/get', {
    summary: "Score configuration of one campus (compusId or campusId)",
    tags: ["platform-management: scoring standards"],
  }),
  mTeacherScoreConfigSaveOrUpdate: route<{ body: typeof s.scoreConfigBody; answer: typeof s.scoreConfig }>('POST', '/platform-management/mTeacherScoreConfig/saveOrUpdate', {
    summary: "Save the scoring standard and full mark of a campus and key",
    tags: ["platform-management: scoring standards"],
  }),
};
