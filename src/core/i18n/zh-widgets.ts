/** Chinese text of the custom elements for partner portals (product-rules.md#partner-portals): what an element shows before its view. */
export const zhWidgets = {
  'widget.signingIn': '正在登录智批…',
  'widget.noToken': '未提供登录凭证：请设置 token，或 sso-ticket 与 partner-id',
  'widget.signInFailed': '登录失败：{message}',
  'widget.noEssay': '请选择一篇作文（设置 essay-id，或 task-id 与 class-id）',
  'widget.noEssayInTask': '该任务在此班级还没有可批改的作文',
  'widget.refused': '无法显示：{message}',
  'widget.retry': '重试',
} as const;
