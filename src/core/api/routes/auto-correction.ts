import type * as c from '../contracts/platform';
import { route } from './route';

/** /platform-management: auto-correction.ts routes. */
export const autoCorrection = {
  getInfo: route<{ answer: typeof c.autoCorrectionConfig }>('GET', '/platform-management/writingAutoCorrectionConfig/getInfo', {
    summary: "The AI review delay of the current identity (waitMinute holds seconds)",
    tags: ["platform-management: AI review setting"],
  }),
  updateStatus: route<{ body: typeof c.autoCorrectionStatusBody; answer: typeof c.autoCorrectionConfig }>('POST', '/platform-management/writingAutoCorrectionConfig/updateStatus', {
    summary: "Turn automatic AI review on or off",
    tags: ["platform-management: AI review setting"],
  }),
  updateConfig: route<{ params: typeof c.autoCorrectionConfigParams; answer: typeof c.autoCorrectionConfig }>('POST', '/platform-management/writingAutoCorrectionConfig/updateConfig/:minute/:manual', {
    summary: "Set the delay in seconds (presets 60/180/300 with manual 0, custom ≥ 1 with manual 1)",
    tags: ["platform-management: AI review setting"],
  }),
};
