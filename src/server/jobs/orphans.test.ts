import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { deadOwners, localRunners, parseWorkerId } from './orphans';

describe('dead workers’ leases', () => {
  const host = 'school-server';
  const alive = (pid: number) => pid === 4242;

  it('reads host and pid from runner ids only', () => {
    expect(parseWorkerId('school-server:4242:0a1b2c3d')).toEqual({ host: 'school-server', pid: 4242 });
    expect(parseWorkerId('a:b:c:77:deadbeef')).toEqual({ host: 'a:b:c', pid: 77 });
    expect(parseWorkerId('killed-worker')).toBeUndefined();
  });

  it('same host: a gone pid is dead, a live pid, another host or a foreign id is not', () => {
    const owners = ['school-server:4242:0a1b2c3d', 'school-server:999:0a1b2c3d', 'other-host:999:0a1b2c3d', 'killed-worker'];
    expect(deadOwners(owners, { self: 'me', exclusive: false, host, alive })).toEqual(['school-server:999:0a1b2c3d']);
  });

  it('our own pid under an id no runner of this process has is an earlier life of the process', () => {
    const mine = `${hostname()}:${process.pid}:00000001`;
    const earlier = `${hostname()}:${process.pid}:00000002`;
    localRunners.add(mine);
    try {
      expect(deadOwners([mine, earlier], { self: 'me', exclusive: false })).toEqual([earlier]);
    } finally {
      localRunners.delete(mine);
    }
  });

  it('exclusive database: every owner but this runner is dead', () => {
    expect(deadOwners(['me', 'school-server:4242:0a1b2c3d', 'killed-worker'], { self: 'me', exclusive: true, host, alive })).toEqual(['school-server:4242:0a1b2c3d', 'killed-worker']);
  });
});
