import { describe, expect, it } from 'vitest';
import { loginBrandingForHost } from './login-branding';

describe('loginBrandingForHost', () => {
  it('uses the English set whenever the language is English', () => {
    expect(loginBrandingForHost('en.zhipi.cn', 'en')).toMatchObject({ id: 'english', title: 'Zhipi' });
    expect(loginBrandingForHost('region.zhipi.cn', 'en').id).toBe('english');
  });

  it.each(['region.zhipi.cn', 'qy.zhipi.cn', 'REGION.zhipi.cn', 'Qy.Zhipi.cn:8080'])('uses the regional set on %s', (host) => {
    expect(loginBrandingForHost(host, 'zh')).toMatchObject({ id: 'region', subtitle: '区域作文智能批改教学平台' });
  });

  it.each(['www.zhipi.cn', 'localhost:5173', 'myregion.zhipi.cn', 'zhipi.cn.region'])('uses the default set on %s', (host) => {
    expect(loginBrandingForHost(host, 'zh')).toEqual({ id: 'default', title: '智批', subtitle: '作文智能批改教学平台' });
  });
});
