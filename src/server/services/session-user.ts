import type { z } from 'zod';
import type { Lang } from '../../core/i18n';
import { translate } from '../../core/i18n';
import type { sessionUser } from '../../core/api/contracts/auth';
import type { GrantedPermission } from '../repositories/permissions';
import { BASIC_DATA_PLATFORM_KIND, parseVia } from '../sso/session-via';
import type { AuthContext } from './auth-context';

const ACTION_NAMES_ZH: Record<string, string> = {
  add: '新增', delete: '删除', edit: '修改', query: '查询', get: '详情', enable: '启用', disable: '禁用', import: '导入', export: '导出',
};

export function permissionEntries(perms: GrantedPermission[], lang: Lang) {
  return perms.map((p) => ({
    permissionId: p.permissionId,
    permissionName: lang === 'en' ? p.nameEn : p.nameZh,
    actionEntitySet: p.actions.map((a) => ({ action: a, describe: lang === 'en' ? a : (ACTION_NAMES_ZH[a] ?? a) })),
  }));
}

export function systemInfoOf(school: AuthContext['school']) {
  return { wxChat: school.wxChat, logoutUrl: school.logoutUrl, titlePrefix: school.titlePrefix, schoolType: school.schoolType };
}

export function limitOf(school: AuthContext['school']) {
  return { status: school.limitStatus, expiresAt: school.limitExpiresAt?.toISOString() ?? null };
}

/** The session user of product-rules.md#entities, as `auth/info` and the token response return it. */
export function buildSessionUser(ctx: AuthContext, identityCount: number, lang: Lang): z.infer<typeof sessionUser> {
  const { user, identity, school } = ctx;
  const roleName = lang === 'en' ? identity.roleNameEn : identity.roleNameZh;
  const via = parseVia(ctx.via);
  return {
    userId: user.id,
    username: user.username,
    realname: user.realname,
    welcome: translate(lang, 'app.welcome', { name: user.realname }),
    avatar: user.avatar,
    phone: user.phone,
    dept: identity.departmentName,
    schoolId: school.id,
    schoolName: school.name,
    campusName: identity.campusName,
    schoolCategory: school.styleCategory,
    category: school.category,
    identityId: identity.id,
    teacherId: identity.id,
    roleId: identity.roleId,
    roleName,
    roleInfos: [{ id: identity.roleId, name: roleName }],
    identityCount,
    limit: limitOf(school),
    currentPermission: ctx.permissions.map((p) => p.permissionId),
    permissions: permissionEntries(ctx.permissions, lang),
    isSchoolTeacher: identity.isSchoolTeacher,
    isSynchronizationSchool: school.isSynchronizationSchool,
    teacherVersion: identity.teacherVersion,
    limitationAI: school.limitationAi,
    version: school.versionId,
    signedInVia: via.method,
    ssoSource: via.partnerId,
    hideLogout: via.partnerKind === BASIC_DATA_PLATFORM_KIND,
    mustChangePassword: user.mustChangePassword,
    systemInfo: systemInfoOf(school),
  };
}
