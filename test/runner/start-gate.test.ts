// Server processes start a few at a time; connections whose checks mostly wait start first,
// probes nobody waits on after the others.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { StartGate } from '../../src/runner/start-gate.js';
import type { Session } from '../../src/session/index.js';

/** A session whose server "starts" when answer() is called (its first message). */
function fakeSession() {
  const received = new EventEmitter();
  const transport = new EventEmitter();
  const session = {
    closed: false,
    transport,
    onReceive: (l: () => void) => {
      received.on('m', l);
      return () => received.off('m', l);
    },
  } as unknown as Session;
  return { session, answer: () => received.emit('m') };
}

describe('StartGate', () => {
  it('lets `slots` starts run at once; the next begins when one server has answered', async () => {
    const gate = new StartGate(2);
    const started: string[] = [];
    const fakes = new Map<string, ReturnType<typeof fakeSession>>();
    const open = (name: string, order?: 'first' | 'last') =>
      gate.open(
        async () => {
          started.push(name);
          const f = fakeSession();
          fakes.set(name, f);
          return f.session;
        },
        order,
      );
    const all = [open('a'), open('b')];
    await new Promise((r) => setTimeout(r, 10));
    all.push(open('probe', 'last'), open('c'), open('walk', 'first'));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['a', 'b']);
    fakes.get('a')!.answer();
    await new Promise((r) => setTimeout(r, 10));
    // The walk asked last but goes first: its check then mostly waits.
    expect(started).toEqual(['a', 'b', 'walk']);
    fakes.get('b')!.answer();
    await new Promise((r) => setTimeout(r, 10));
    // c asked after the probe but goes before it: the probe is done once answered.
    expect(started).toEqual(['a', 'b', 'walk', 'c']);
    fakes.get('walk')!.answer();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['a', 'b', 'walk', 'c', 'probe']);
    fakes.get('c')!.answer();
    fakes.get('probe')!.answer();
    await Promise.all(all);
  });

  it('orders starts asked for at the same moment by their order, not by who asked first', async () => {
    const gate = new StartGate(1);
    const started: string[] = [];
    const fakes = new Map<string, ReturnType<typeof fakeSession>>();
    const open = (name: string, order?: 'first' | 'last') =>
      gate.open(async () => {
        started.push(name);
        const f = fakeSession();
        fakes.set(name, f);
        return f.session;
      }, order);
    // The gate is idle, yet the probe asked first does not take the one slot.
    const all = [open('probe', 'last'), open('fuzz'), open('walk', 'first')];
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['walk']);
    fakes.get('walk')!.answer();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['walk', 'fuzz']);
    fakes.get('fuzz')!.answer();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['walk', 'fuzz', 'probe']);
    fakes.get('probe')!.answer();
    await Promise.all(all);
  });

  it('frees the slot when a start fails', async () => {
    const gate = new StartGate(1);
    await expect(gate.open(async () => Promise.reject(new Error('no such command')))).rejects.toThrow('no such command');
    const f = fakeSession();
    await expect(gate.open(async () => f.session)).resolves.toBe(f.session);
  });
});
