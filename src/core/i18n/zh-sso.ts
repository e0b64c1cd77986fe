/** Chinese text of the sso area (product-rules.md#partner-portals): partner sign-in refusals and the SSO entry pages. */
export const zhSso = {
  'sso.error.unknownPartner': '未知或已停用的合作平台，无法单点登录',
  'sso.error.invalidLaunch': '单点登录凭证无效，请从合作平台重新进入',
  'sso.error.expired': '单点登录凭证已过期，请从合作平台重新进入',
  'sso.error.notYetValid': '单点登录凭证尚未生效，请检查服务器时间后重试',
  'sso.error.tooLongLived': '单点登录凭证有效期过长，已拒绝',
  'sso.error.replayed': '单点登录凭证已被使用，请从合作平台重新进入',
  'sso.error.userNotLinked': '该合作平台账号尚未关联智批账号，请联系管理员',
  'sso.error.ticketInvalid': '登录票据无效或已过期，请从合作平台重新进入',
  'sso.error.partnerUnreachable': '无法连接合作平台验证登录，请稍后重试',
  'sso.page.signingIn': '正在通过合作平台登录，请稍候…',
  'sso.page.failedTitle': '单点登录失败',
  'sso.page.missingParams': '链接缺少登录参数，请从合作平台重新进入',
  'sso.page.toLogin': '使用账号密码登录',
  'sso.page.back': '返回上一页',
} as const;
