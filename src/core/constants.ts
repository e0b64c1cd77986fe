/** Business constants of product-rules.md#limits, shared by browser and server. */

export const TOKEN_TTL_MS = 604_800_000; // 7 days
export const REQUEST_TIMEOUT_MS = 6_000_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const STORAGE_NAMESPACE = 'pro__';
export const PRIMARY_COLOR = '#c21939';
export const SIDE_MENU_WIDTH = 202;
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const ROLE = { teacher: 2, classRole: 3, headmaster: 6, principal: 7 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Limit status of a school: 1 means the institution's subscription has expired. */
export const LIMIT_STATUS = { active: 0, expired: 1 } as const;

/** School version whose menu hides the essay question bank (product-rules.md#screens main layout). */
export const VERSION_WITHOUT_QUESTION_BANK = 2;
/** School type whose page titles carry the system-info chat name (product-rules.md#audience). */
export const SCHOOL_TYPE_WITH_CHAT_NAME = 156;

export const BREAKPOINTS = { mobileMax: 576, desktopMin: 1200 } as const;

/** Grades 1–9 plus senior high 1–3, stored as 1..12. */
export const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const STUDENT_ID_MAX_DIGITS = 4;
export const MAX_WRITING_REQUIREMENTS = 5;
export const WRITING_REQUIREMENT_SUGGESTED_CHARS = 15;
export const AI_REVIEW_DELAY_PRESETS_SECONDS = [60, 180, 300] as const;
export const AI_REVIEW_DEFAULT_CUSTOM_SECONDS = 10;

export const ACTION_KEYS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** Route permission keys of product-rules.md#roles. */
export const PERMISSION_KEYS = ['headmaster', 'workbench', 'class', 'task', 'taskBasis', 'exercise', 'lcw', 'admissions'] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Score type 3 (score) picks one full-mark option. */
export const SCORE_FULL_MARK_OPTIONS = ['100', '60', '50', '40', '30'] as const;

/** Where the H5 pages live, for QR codes. */
export const H5_BASE_PATH = '/teaching/h5';
