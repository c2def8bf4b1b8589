// A pause that settles after `ms` (bounded waits: quiet periods, pacing).

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export { within } from '../../src/transport/index.js';
