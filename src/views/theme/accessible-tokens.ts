/**
 * antd's default greys (45 % black for descriptions, breadcrumbs and secondary text, 25 % for
 * placeholders) fall below WCAG AA's 4.5:1 on white; axe found 12–60 such failures a page (issue 21).
 * These keep the look and pass. Used by the app and the elements' ConfigProvider.
 */
export const ACCESSIBLE_TEXT_TOKENS = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
} as const;
