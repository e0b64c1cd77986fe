/** Chinese text of security and resilience (#12): students' own codes, limits, input checks. */
export const zhSecurity = {
  'h5.studentCodeWrong': '学生码不正确，请向老师确认你的学生码',
  'h5.studentCodeRequired': '请输入你的学生码',
  'h5.code.title': '输入学生码',
  'h5.code.label': '学生码',
  'h5.code.placeholder': '老师发给你的 6 位学生码',
  'h5.code.help': '学生码每人一个，在老师的班级学生名单上。只有输入自己的学生码，才能查看自己的消息、提交自己的作文。请不要告诉别人。',
  'h5.code.confirm': '确定',
  'h5.upload.againKept': '重新提交（之前的照片会保留给老师查看）',
  'notify.h5Resubmitted': '《{title}》{student}从手机重新提交了作文，之前的 {pages} 页已保留为旧版本',
  'student.h5Code': '学生码',
  'student.h5CodeHelp': '学生在手机上查看消息、上传作文时输入，每人一个，请单独发给学生本人',
  'auth.passwordChangeRequired': '首次登录需要先修改初始密码，请设置新密码后再继续',
  'config.headmasterOnly': '全校评分配置只有校长（教学管理员）可以修改',
  'auth.accountDelayed': '登录失败次数过多，账号已临时锁定，请 {seconds} 秒后再试，或使用短信验证码登录',
};
