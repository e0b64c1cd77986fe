import { describe, expect, it } from 'vitest';
import type { InfoMenuResponse, SessionUser } from '../api/contracts/auth';
import type { SchoolInfo, SchoolVersion } from '../api/contracts/platform';
import type { AuthApi } from '../api/endpoints/auth';
import type { PlatformApi } from '../api/endpoints/platform';
import { createSessionStore } from './session-store';
import { MemoryStorage, TokenStore } from './token-store';

const user = { userId: 1, schoolId: 42, realname: '王老师', roleId: 2 } as SessionUser;
const otherUser = { userId: 2, schoolId: 7, realname: '李老师', roleId: 3 } as SessionUser;
const school = { schoolId: 42, schoolName: '实验小学' } as SchoolInfo;
const version: SchoolVersion = { schoolId: 42, versionId: 1, versionName: '标准版' };
const menu = { menus: [], menuVos: [] } as unknown as InfoMenuResponse;

/** Fake APIs recording the calls the store makes, in order. */
function fakes(opts: { failSchoolInfoTimes?: number; logoutFails?: boolean } = {}) {
  const calls: string[] = [];
  let schoolFailures = opts.failSchoolInfoTimes ?? 0;
  const auth = {
    info: async () => {
      calls.push('info');
      return user;
    },
    infoMenu: async () => {
      calls.push('infoMenu');
      return menu;
    },
    logout: async () => {
      calls.push('logout');
      if (opts.logoutFails) throw new Error('server down');
      return null;
    },
  };
  const platform = {
    schoolInfo: async () => {
      calls.push('schoolInfo');
      if (schoolFailures > 0) {
        schoolFailures--;
        throw new Error('boom');
      }
      return school;
    },
    schoolVersion: async (schoolId?: number) => {
      calls.push(`schoolVersion:${schoolId}`);
      return version;
    },
  };
  return { calls, auth: auth as unknown as AuthApi, platform: platform as unknown as PlatformApi };
}

function setup(opts: Parameters<typeof fakes>[0] = {}, initialToken?: string) {
  const storage = new MemoryStorage();
  const tokens = new TokenStore(storage);
  if (initialToken) tokens.set(initialToken);
  const f = fakes(opts);
  const session = createSessionStore({ tokens, auth: f.auth, platform: f.platform });
  return { ...f, storage, tokens, session };
}

describe('session store', () => {
  it('starts with the stored token and nothing loaded', () => {
    const { session } = setup({}, 'stored-token');
    expect(session.token.value).toBe('stored-token');
    expect(session.loaded.value).toBe(false);
  });

  it('loads user info, then school info, then school version for the user’s school, then the menu', async () => {
    const { session, calls } = setup({}, 't');
    await session.load();
    expect(calls).toEqual(['info', 'schoolInfo', 'schoolVersion:42', 'infoMenu']);
    expect(session.user.value).toBe(user);
    expect(session.school.value).toBe(school);
    expect(session.version.value).toBe(version);
    expect(session.menu.value).toBe(menu);
  });

  it('computes loaded only once all four parts are present', async () => {
    const { session } = setup({}, 't');
    const seen: boolean[] = [];
    const stop = session.loaded.subscribe((v) => seen.push(v));
    await session.load();
    stop();
    expect(seen).toEqual([false, true]);
    expect(session.loaded.value).toBe(true);
  });

  it('shares one in-flight load between concurrent callers', async () => {
    const { session, calls } = setup({}, 't');
    await Promise.all([session.load(), session.load()]);
    await session.load();
    expect(calls.filter((c) => c === 'info')).toHaveLength(1);
  });

  it('rejects a failed load, stays not loaded, and loads again on retry', async () => {
    const { session, calls } = setup({ failSchoolInfoTimes: 1 }, 't');
    await expect(session.load()).rejects.toThrow('boom');
    expect(session.loaded.value).toBe(false);
    await session.load();
    expect(session.loaded.value).toBe(true);
    expect(calls).toEqual(['info', 'schoolInfo', 'info', 'schoolInfo', 'schoolVersion:42', 'infoMenu']);
  });

  it('logout calls the server, then clears token, session data and storage', async () => {
    const { session, calls, storage, tokens } = setup({}, 't');
    storage.setItem('pro__other', 'x');
    await session.load();
    await session.logout();
    expect(calls.at(-1)).toBe('logout');
    expect(session.token.value).toBeNull();
    expect(session.user.value).toBeNull();
    expect(session.menu.value).toBeNull();
    expect(session.loaded.value).toBe(false);
    expect(tokens.get()).toBeNull();
    expect(storage.getItem('pro__other')).toBeNull();
  });

  it('logout still clears locally when the server call fails', async () => {
    const { session, calls, tokens } = setup({ logoutFails: true }, 't');
    await session.logout();
    expect(calls).toEqual(['logout']);
    expect(session.token.value).toBeNull();
    expect(tokens.get()).toBeNull();
  });

  it('logout with callServer false, or without a token, does not call the server', async () => {
    const a = setup({}, 't');
    await a.session.logout({ callServer: false });
    expect(a.calls).toEqual([]);
    expect(a.session.token.value).toBeNull();

    const b = setup();
    await b.session.logout();
    expect(b.calls).toEqual([]);
  });

  it('clear() wipes everything locally without calling the server', async () => {
    const { session, calls, tokens } = setup({}, 't');
    await session.load();
    calls.length = 0;
    session.clear();
    expect(calls).toEqual([]);
    expect(session.token.value).toBeNull();
    expect(session.loaded.value).toBe(false);
    expect(tokens.get()).toBeNull();
  });

  it('a load after clear() fetches everything again', async () => {
    const { session, calls } = setup({}, 't');
    await session.load();
    session.clear();
    session.signIn('t2');
    await session.load();
    expect(calls.filter((c) => c === 'info')).toHaveLength(2);
  });

  it('signIn stores the new token and forgets the old session data', async () => {
    const { session, tokens, calls } = setup({}, 'old');
    await session.load();
    session.signIn('new-token', otherUser);
    expect(tokens.get()).toBe('new-token');
    expect(session.token.value).toBe('new-token');
    expect(session.user.value).toBe(otherUser);
    expect(session.school.value).toBeNull();
    expect(session.version.value).toBeNull();
    expect(session.menu.value).toBeNull();
    expect(session.loaded.value).toBe(false);
    calls.length = 0;
    await session.load();
    expect(calls).toEqual(['info', 'schoolInfo', 'schoolVersion:42', 'infoMenu']);
  });

  it('signIn without a user leaves user empty until loaded', () => {
    const { session } = setup({}, 'old');
    session.signIn('new-token');
    expect(session.user.value).toBeNull();
  });
});

describe('session store with a load still in flight', () => {
  it('does not let a load started for the old token fill the session after signIn', async () => {
    const storage = new MemoryStorage();
    const tokens = new TokenStore(storage);
    tokens.set('old');
    let releaseOld!: () => void;
    let infoCalls = 0;
    const auth = {
      info: async () => {
        const first = ++infoCalls === 1;
        if (first) await new Promise<void>((r) => (releaseOld = r));
        return first ? user : otherUser;
      },
      infoMenu: async () => menu,
      logout: async () => null,
    } as unknown as AuthApi;
    const platform = { schoolInfo: async () => school, schoolVersion: async () => version } as unknown as PlatformApi;
    const session = createSessionStore({ tokens, auth, platform });

    const oldLoad = session.load();
    session.signIn('new');
    await session.load();
    expect(session.user.value).toBe(otherUser);
    releaseOld();
    await oldLoad.catch(() => undefined);
    expect(session.user.value).toBe(otherUser);
  });

  it('does not let a load finishing after logout mark the session loaded', async () => {
    const storage = new MemoryStorage();
    const tokens = new TokenStore(storage);
    tokens.set('t');
    let release!: () => void;
    const auth = {
      info: async () => {
        await new Promise<void>((r) => (release = r));
        return user;
      },
      infoMenu: async () => menu,
      logout: async () => null,
    } as unknown as AuthApi;
    const platform = { schoolInfo: async () => school, schoolVersion: async () => version } as unknown as PlatformApi;
    const session = createSessionStore({ tokens, auth, platform });

    const pending = session.load();
    await session.logout({ callServer: false });
    release();
    await pending.catch(() => undefined);
    expect(session.token.value).toBeNull();
    expect(session.loaded.value).toBe(false);
    expect(session.user.value).toBeNull();
  });
});
