import { z } from 'zod';
import * as s from '../scoring';

export const mScoringLevelListAnswer = z.array(s.scoringLevel);
export const mTeacherScoreConfigListAnswer = z.array(s.scoreConfig);
export const mTeacherScoreConfigGetAnswer = z.array(s.scoreConfig);
