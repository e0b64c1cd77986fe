import { describe, expect, it } from 'vitest';
import { casServiceOf, ssoCallFor } from './sso-request';

const here = { origin: 'https://zhipi.example', pathname: '/teaching/goYueShen' };
const q = (s: string) => new URLSearchParams(s);

describe('SSO entry pages: query → call', () => {
  it('DetailHome exchanges a partner launch', () => {
    expect(ssoCallFor('launch', q('partnerId=demo&launch=abc.def'), here)).toEqual({ call: 'exchange', input: { partnerId: 'demo', launch: 'abc.def' } });
    expect(ssoCallFor('launch', q('launch=abc.def'), here)).toBeNull();
  });

  it('gohzyTY posts the basic-data platform launch', () => {
    expect(ssoCallFor('tianyu', q('launch=abc.def'), here)).toEqual({ call: 'tianyuLogin', input: { launch: 'abc.def', partnerId: undefined } });
    expect(ssoCallFor('tianyu', q(''), here)).toBeNull();
  });

  it('goYueShen sends the ticket with the service it was issued for (this URL without ticket and stuid)', () => {
    expect(ssoCallFor('hzy', q('ticket=ST-1&stuid=u1'), here)).toEqual({ call: 'hzyLogin', input: { ticket: 'ST-1', service: 'https://zhipi.example/teaching/goYueShen', stuid: 'u1', partner: undefined } });
    expect(casServiceOf(q('partner=p&ticket=ST-1&redirect=%2Fclass'), here)).toBe('https://zhipi.example/teaching/goYueShen?partner=p');
    expect(casServiceOf(q('ticket=ST-1&service=https%3A%2F%2Fx.example%2Fa'), here)).toBe('https://x.example/a');
    expect(ssoCallFor('hzy', q('stuid=u1'), here)).toBeNull();
  });

  it('lti exchanges the single-use hand-off code of an LTI 1.3 launch', () => {
    expect(ssoCallFor('lti', q('code=abcdefghijklmnopqrstuvwxyz&redirect=%2Fhomework'), here)).toEqual({ call: 'ltiSession', input: { code: 'abcdefghijklmnopqrstuvwxyz' } });
    expect(ssoCallFor('lti', q('redirect=%2Fhomework'), here)).toBeNull();
  });

  it('goYueShenTwo needs the signed link, never a bare userId', () => {
    expect(ssoCallFor('gz', q('userId=u1&service=x'), here)).toBeNull();
    expect(ssoCallFor('gz', q('userId=u1&timestamp=1780000000&nonce=nnnnnnnnnnnnnnnn&sign=ssss'), here)).toEqual({
      call: 'gzLogin',
      input: { userId: 'u1', timestamp: 1780000000, nonce: 'nnnnnnnnnnnnnnnn', sign: 'ssss', service: undefined, partner: undefined },
    });
    expect(ssoCallFor('gz', q('userId=u1&timestamp=soon&nonce=n&sign=s'), here)).toBeNull();
  });
});
