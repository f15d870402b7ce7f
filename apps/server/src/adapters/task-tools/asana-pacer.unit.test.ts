import { describe, expect, it } from 'vitest';
import { asanaPacer } from './asana';

/** A clock that only moves when the pacer sleeps, recording each wait. */
function fakeClock() {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the Asana pacer', () => {
  it('lets a minute of requests through at once, then waits for the oldest to leave the window', async () => {
    const clock = fakeClock();
    const pace = asanaPacer(150, clock.sleep, clock.now);
    for (let i = 0; i < 15; i++) await pace('token', 10);
    expect(clock.waits).toEqual([]);
    // The 16th batch of 10 would make 160 in the last minute: it waits for the first to be 61 s old.
    await pace('token', 10);
    expect(clock.waits).toEqual([61_000]);
  });

  it('waits only as long as the actions it needs take to leave the window', async () => {
    const clock = fakeClock();
    const pace = asanaPacer(20, clock.sleep, clock.now);
    await pace('token', 5);
    clock.advance(10_000);
    await pace('token', 15);
    clock.advance(1_000);
    // 5 of the 20 must go: the first request, 61 s after it was sent (50 s from now).
    await pace('token', 5);
    expect(clock.waits).toEqual([50_000]);
  });

  it('paces each token on its own', async () => {
    const clock = fakeClock();
    const pace = asanaPacer(10, clock.sleep, clock.now);
    await pace('a', 10);
    await pace('b', 10);
    expect(clock.waits).toEqual([]);
    await pace('a', 1);
    expect(clock.waits).toEqual([61_000]);
  });
});
