/**
 * antd's default greys (45 % black for descriptions, breadcrumbs and secondary text, 25 % for
 * placeholders) fall below WCAG AA's 4.5:1 on white; axe found 12–60 such failures a page (product-rules.md#teacher-journey).
 * These keep the look and pass. Used by the app and the elements' ConfigProvider.
 */
export const ACCESSIBLE_TEXT_TOKENS = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // antd's error red (#ff4d4f, 3.2:1 on white) is the text of danger link/text buttons (删除) and of
  // form errors; red-7 reads 5.6:1 and keeps white text on solid danger buttons at 5.6:1 too
  colorError: '#cf1322',
} as const;

/**
 * antd writes a tag's text in the palette's shade 7 on shade 1 (`<Tag color="gold">`) and a status
 * tag's in the plain status colour (`<Tag color="success">`): gold reads 2.8:1, green and orange 3.3:1,
 * success 2.3:1, below AA's 4.5:1 (axe, product-rules.md#teacher-journey). A stylesheet cannot win over antd's css-in-js
 * reliably, so the Tag's own component tokens carry the darker shades (8 or 9, each ≥ 4.5:1 on its
 * background; shades that already pass stay). Solid tags keep white on these darker colours, which
 * passes too. Used by the app and by the elements' ConfigProvider.
 */
export const ACCESSIBLE_COMPONENT_TOKENS = {
  Tag: {
    volcano7: '#ad2102',
    orange7: '#ad4e00',
    gold7: '#874d00',
    yellow7: '#876800',
    lime7: '#3f6600',
    green7: '#237804',
    cyan7: '#006d75',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorInfo: '#0958d9',
  },
} as const;
