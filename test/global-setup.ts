// Runs once before any test file: says up front which groups of tests will skip here and why,
// instead of leaving a reader to find out from a skip count at the end.
import { skipNotice } from './prerequisites.js';

export default function setup(): void {
  const notice = skipNotice();
  if (notice) process.stderr.write(`\n${notice}\n`);
}
