import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database';
import { memo } from './leader-cache';

// Two apps in one process (API tests, a bench) may hold databases with the same ids and timestamps:
// a figure cached for one must never answer for the other.
describe('leader dashboard cache', () => {
  const handle = () => ({}) as Executor;

  it('answers a repeated key and version from memory for the same database handle', async () => {
    const db = handle();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await memo(db, 'overview|1', 'v1', compute)).toBe(1);
    expect(await memo(db, 'overview|1', 'v1', compute)).toBe(1);
    expect(await memo(db, 'overview|1', 'v2', compute)).toBe(2);
  });

  it('keeps another database handle’s figures apart under the same key and version', async () => {
    const a = handle();
    const b = handle();
    expect(await memo(a, 'overview|1', 'v1', async () => 'school 1 of database a')).toBe('school 1 of database a');
    expect(await memo(b, 'overview|1', 'v1', async () => 'school 1 of database b')).toBe('school 1 of database b');
  });
});
