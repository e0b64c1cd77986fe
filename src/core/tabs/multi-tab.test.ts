import { describe, expect, it } from 'vitest';
import { closeLeft, closeOthers, closeRight, closeTab, openTab, type Tab } from './multi-tab';

const t = (path: string, query = ''): Tab => ({ path, fullPath: path + query });
const paths = (tabs: Tab[]) => tabs.map((x) => x.path);
const abc = [t('/a'), t('/b', '?x=1'), t('/c')];

describe('openTab', () => {
  it('appends a new page at the end', () => {
    expect(paths(openTab(abc, t('/d')))).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('never opens the same path twice; it updates the existing tab in place', () => {
    const next = openTab(abc, t('/b', '?x=2'));
    expect(paths(next)).toEqual(['/a', '/b', '/c']);
    expect(next[1]!.fullPath).toBe('/b?x=2');
  });

  it('does not mutate the input list', () => {
    const before = [...abc];
    openTab(abc, t('/b', '?x=9'));
    openTab(abc, t('/z'));
    expect(abc).toEqual(before);
  });
});

describe('closeTab', () => {
  it('refuses to close the last tab with tabs.lastTab', () => {
    const only = [t('/a')];
    expect(closeTab(only, '/a', '/a')).toEqual({ tabs: only, refusal: 'tabs.lastTab' });
  });

  it('closes an inactive tab without changing the active page', () => {
    const r = closeTab(abc, '/c', '/a');
    expect(paths(r.tabs)).toEqual(['/a', '/b']);
    expect(r.activate).toBeUndefined();
    expect(r.refusal).toBeUndefined();
  });

  it('activates the right-hand neighbour when the active tab closes', () => {
    const r = closeTab(abc, '/a', '/a');
    expect(paths(r.tabs)).toEqual(['/b', '/c']);
    expect(r.activate).toBe('/b?x=1');
  });

  it('activates the left-hand neighbour when the active last-position tab closes', () => {
    const r = closeTab(abc, '/c', '/c');
    expect(paths(r.tabs)).toEqual(['/a', '/b']);
    expect(r.activate).toBe('/b?x=1');
  });

  it('leaves the tabs alone when the path is not open', () => {
    expect(closeTab(abc, '/zz', '/a')).toEqual({ tabs: abc });
  });
});

describe('closeLeft', () => {
  it('refuses with tabs.noLeft on the first tab', () => {
    expect(closeLeft(abc, '/a', '/a')).toEqual({ tabs: abc, refusal: 'tabs.noLeft' });
  });

  it('keeps the tab and those right of it', () => {
    const r = closeLeft(abc, '/b', '/c');
    expect(paths(r.tabs)).toEqual(['/b', '/c']);
    expect(r.activate).toBeUndefined();
  });

  it('activates the clicked tab when the active one was closed', () => {
    expect(closeLeft(abc, '/c', '/a')).toMatchObject({ activate: '/c' });
  });
});

describe('closeRight', () => {
  it('refuses with tabs.noRight on the last tab', () => {
    expect(closeRight(abc, '/c', '/c')).toEqual({ tabs: abc, refusal: 'tabs.noRight' });
  });

  it('keeps the tab and those left of it', () => {
    const r = closeRight(abc, '/b', '/a');
    expect(paths(r.tabs)).toEqual(['/a', '/b']);
    expect(r.activate).toBeUndefined();
  });

  it('activates the clicked tab when the active one was closed', () => {
    expect(closeRight(abc, '/b', '/c')).toMatchObject({ activate: '/b?x=1' });
  });
});

describe('closeOthers', () => {
  it('keeps only the clicked tab', () => {
    const r = closeOthers(abc, '/b', '/b');
    expect(paths(r.tabs)).toEqual(['/b']);
    expect(r.activate).toBeUndefined();
  });

  it('activates the kept tab when the active one was closed', () => {
    expect(closeOthers(abc, '/b', '/a')).toMatchObject({ tabs: [abc[1]], activate: '/b?x=1' });
  });

  it('refuses with tabs.lastTab when there are no other tabs', () => {
    expect(closeOthers([t('/a')], '/a', '/a')).toMatchObject({ refusal: 'tabs.lastTab' });
  });
});
