// What an idle server keeps: the young generation that start-up or a burst of load grew is given back
// once the process has been idle for a while (src/ops/v8-settings.ts), as V8's own rule decides.
import { getHeapSpaceStatistics } from 'node:v8';
import { expect, it } from 'vitest';
import { returnIdleYoungGeneration } from '../../src/ops/v8-settings.ts';

const youngGenerationMb = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size / 2 ** 20;

it('an idle process gives back the young generation a burst of allocation grew, and no gc global appears', async () => {
  // Objects that survive their scavenges make V8 grow the young generation.
  let kept: object[] = [];
  for (let i = 0; i < 3_000_000; i++) kept.push({ i });
  expect(youngGenerationMb()).toBeGreaterThan(4);
  kept = [];
  const stop = returnIdleYoungGeneration(250);
  try {
    expect('gc' in globalThis).toBe(false);
    // V8 shrinks it at a scavenge after ~5 s of slow allocation.
    await expect.poll(youngGenerationMb, { timeout: 30_000, interval: 250 }).toBeLessThanOrEqual(4);
  } finally {
    stop();
  }
  expect(kept).toEqual([]);
});
