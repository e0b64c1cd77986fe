import { describe, expect, it } from 'vitest';
import { catalogues, isMessageKey, languageForAcceptLanguage, languageForHost, pageTitle, translate } from './index';
import { en } from './en';
import { zh } from './zh';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?:\|[^|{}]*\|[^|{}]*)?\}/g)].map((m) => m[1]!).sort();

describe('message catalogues', () => {
  it('zh and en have exactly the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('have no empty strings', () => {
    for (const lang of ['zh', 'en'] as const) {
      const empty = Object.entries(catalogues[lang]).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(empty, lang).toEqual([]);
    }
  });

  it('every placeholder used in zh exists in en for the same key', () => {
    const missing: string[] = [];
    for (const [key, text] of Object.entries(zh)) {
      const enPlaceholders = placeholders(en[key as keyof typeof en]);
      for (const p of placeholders(text)) if (!enPlaceholders.includes(p)) missing.push(`${key}: {${p}}`);
    }
    expect(missing).toEqual([]);
  });

  it('English counts its nouns and uses ASCII punctuation (product-rules.md#teacher-journey: "1 essays", "标题：")', () => {
    expect(translate('en', 'batchReview.confirmTitle', { count: 1 })).toBe('Approve 1 essay?');
    expect(translate('en', 'batchReview.confirmTitle', { count: 3 })).toBe('Approve 3 essays?');
    expect(translate('zh', 'batchReview.confirmTitle', { count: 1 })).toBe(translate('zh', 'batchReview.confirmTitle', { count: 1 }));
    expect(translate('en', 'common.labelValue', { label: 'Deadline', value: 'today' })).toBe('Deadline: today');
    const fullWidth = Object.entries(en).filter(([, v]) => /[：；，。！？（）]/.test(v)).map(([k]) => k);
    expect(fullWidth).toEqual([]);
  });

  it('carries the product-rules.md#errors messages and product-rules.md#screens tab refusals verbatim in zh', () => {
    expect(zh['error.network']).toBe('网络中断');
    expect(zh['error.timeout']).toBe('网络超时');
    expect(zh['error.unauthorized']).toBe('登录失效，请重新登录');
    expect(zh['error.systemExpired']).toBe('获取数据失败，请重新登录或联系管理员');
    expect(zh['error.fallback']).toBe('异常处理，联系管理员!');
    expect(zh['tabs.lastTab']).toBe('这是最后一个标签了, 无法被关闭');
    expect(zh['tabs.noLeft']).toBe('左侧没有标签');
    expect(zh['tabs.noRight']).toBe('右侧没有标签');
  });
});

describe('translate', () => {
  it('returns the template of the requested language', () => {
    expect(translate('zh', 'error.network')).toBe('网络中断');
    expect(translate('en', 'tabs.noLeft')).toBe('There is no tab on the left');
  });

  it('fills named parameters, numbers included', () => {
    expect(translate('zh', 'app.welcome', { name: '王老师' })).toBe('欢迎您，王老师');
    expect(translate('en', 'sms.message', { code: '123456', minutes: 5 })).toBe('[Zhipi] Your verification code is 123456, valid for 5 minutes.');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(translate('en', 'sms.message', { code: '123456' })).toBe('[Zhipi] Your verification code is 123456, valid for {minutes} minutes.');
    expect(translate('zh', 'app.welcome', {})).toBe('欢迎您，{name}');
  });

  it('returns the template unchanged without params', () => {
    expect(translate('zh', 'app.welcome')).toBe('欢迎您，{name}');
  });
});

describe('isMessageKey', () => {
  it('recognises catalogue keys only', () => {
    expect(isMessageKey('tabs.lastTab')).toBe(true);
    expect(isMessageKey('no.such.key')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('languageForHost', () => {
  it('is English for a host whose first label is en', () => {
    expect(languageForHost('en.zhipi.cn')).toBe('en');
    expect(languageForHost('EN.Zhipi.cn:8443')).toBe('en');
  });

  it('is Chinese for other hosts', () => {
    expect(languageForHost('www.zhipi.cn')).toBe('zh');
    expect(languageForHost('localhost:5173')).toBe('zh');
    expect(languageForHost('english.zhipi.cn')).toBe('zh');
    expect(languageForHost('zhipi.en.cn')).toBe('zh');
  });

  it('is English for a configured English host, ignoring ports and case', () => {
    const hosts = ['zhipi.com', 'Intl.Example.org:8080'];
    expect(languageForHost('zhipi.com', hosts)).toBe('en');
    expect(languageForHost('ZHIPI.COM:443', hosts)).toBe('en');
    expect(languageForHost('intl.example.org', hosts)).toBe('en');
    expect(languageForHost('intl.example.org:9000', hosts)).toBe('en');
    expect(languageForHost('www.zhipi.com', hosts)).toBe('zh');
  });
});

describe('languageForAcceptLanguage', () => {
  it.each(['en', 'en-US,en;q=0.9', ' EN-gb', 'en;q=1'])('is English for %j', (header) => {
    expect(languageForAcceptLanguage(header)).toBe('en');
  });

  it.each([undefined, '', 'zh-CN', 'zh-CN,en;q=0.8', 'eng', 'fr'])('is Chinese for %j', (header) => {
    expect(languageForAcceptLanguage(header)).toBe('zh');
  });
});

describe('pageTitle', () => {
  it('joins page and app name', () => {
    expect(pageTitle({ page: '首页', appName: '智批' })).toBe('首页 - 智批');
    expect(pageTitle({ appName: '智批' })).toBe('智批');
  });

  it('puts a stored prefix first, trimmed, and ignores a blank one', () => {
    expect(pageTitle({ page: '首页', appName: '智批', prefix: ' 实验小学 ' })).toBe('实验小学 - 首页 - 智批');
    expect(pageTitle({ page: '首页', appName: '智批', prefix: '   ' })).toBe('首页 - 智批');
    expect(pageTitle({ page: '首页', appName: '智批', prefix: null })).toBe('首页 - 智批');
  });

  it('appends the chat name for school type 156', () => {
    expect(pageTitle({ page: '首页', appName: '智批', schoolType: 156, chatName: '智批助手' })).toBe('首页 - 智批 - 智批助手');
  });

  it('does not append the chat name for other school types or when it is empty', () => {
    expect(pageTitle({ page: '首页', appName: '智批', schoolType: 155, chatName: '智批助手' })).toBe('首页 - 智批');
    expect(pageTitle({ page: '首页', appName: '智批', schoolType: null, chatName: '智批助手' })).toBe('首页 - 智批');
    expect(pageTitle({ page: '首页', appName: '智批', schoolType: 156, chatName: null })).toBe('首页 - 智批');
  });
});
