import { describe, expect, it } from 'vitest';
import { createImportGate } from './roster-import-gate';

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((r) => (done = r));
  return { promise, done };
};

describe('roster import gate', () => {
  it('one roster per school at a time: a second from the same school is refused at once as busy', async () => {
    const gate = createImportGate({ running: 2, waiting: 2, perSchool: 1 });
    const slow = later();
    const first = gate.run(1, () => slow.promise);
    await expect(gate.run(1, async () => 'x')).rejects.toMatchObject({ status: 503, error: 'IMPORT_BUSY' });
    expect(await gate.run(2, async () => 'other school')).toBe('other school');
    slow.done();
    await first;
    expect(await gate.run(1, async () => 'again')).toBe('again');
  });

  it('past the running places, schools wait in a short line; past the line they are refused at once', async () => {
    const gate = createImportGate({ running: 1, waiting: 1, perSchool: 1 });
    const slow = later();
    const order: number[] = [];
    const a = gate.run(1, async () => { await slow.promise; order.push(1); });
    const b = gate.run(2, async () => void order.push(2));
    await expect(gate.run(3, async () => undefined)).rejects.toMatchObject({ error: 'IMPORT_BUSY' });
    slow.done();
    await Promise.all([a, b]);
    expect(order).toEqual([1, 2]);
    // Places are all given back.
    expect(await gate.run(3, async () => 'free')).toBe('free');
  });

  it('a failing read gives its place back', async () => {
    const gate = createImportGate({ running: 1, waiting: 0, perSchool: 1 });
    await expect(gate.run(1, async () => { throw new Error('bad file'); })).rejects.toThrow('bad file');
    expect(await gate.run(1, async () => 'ok')).toBe('ok');
  });

  it('with a shared lock, a school busy in another process is refused here too, and the lock is given back', async () => {
    // another process's gate on the same database, modelled by the lock they share
    const holders = new Map<number, string>();
    const lock = (me: string) => ({
      acquire: async (school: number) => (holders.has(school) ? false : (holders.set(school, me), true)),
      release: async (school: number) => void (holders.get(school) === me && holders.delete(school)),
    });
    const here = createImportGate({ running: 2, waiting: 2, perSchool: 1 });
    const there = createImportGate({ running: 2, waiting: 2, perSchool: 1 });
    const slow = later();
    const first = there.run(1, () => slow.promise, lock('there'));
    await Promise.resolve();
    await expect(here.run(1, async () => 'x', lock('here'))).rejects.toMatchObject({ status: 503, error: 'IMPORT_BUSY' });
    expect(await here.run(2, async () => 'other school', lock('here'))).toBe('other school');
    slow.done();
    await first;
    expect(holders.size).toBe(0);
    expect(await here.run(1, async () => 'now here', lock('here'))).toBe('now here');
    await expect(here.run(1, async () => { throw new Error('parse failed'); }, lock('here'))).rejects.toThrow('parse failed');
    expect(holders.size).toBe(0);
  });
});
