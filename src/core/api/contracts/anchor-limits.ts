/** How many anchor essays a calibration takes: apart from the schemas, so a screen can read them without zod. */
export const ANCHOR_MIN = 3;
export const ANCHOR_MAX = 5;
