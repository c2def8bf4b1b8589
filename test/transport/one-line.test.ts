// Error texts shown to users as one line (TargetUnreachable...) often carry a server's own words.
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/transport/limits.js';

describe('oneLine', () => {
  it('folds whitespace into single spaces', () => {
    expect(oneLine('  exited\n\tat once \r\n ')).toBe('exited at once');
  });

  it('shows other control characters escaped, so a terminal or log is not corrupted', () => {
    expect(oneLine('no\u0000de \u001b[2J\u007f')).toBe('no\\x00de \\x1b[2J\\x7f');
  });

  it('cuts long texts with an ellipsis', () => {
    expect(oneLine('a'.repeat(10), 4)).toBe('aaaa…');
  });
});
