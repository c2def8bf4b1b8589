// The handshake walk declares only what its revision defines: elicitation declared on a
// 2025-03-26 connection invited tmcp to elicit there, and LIFE-10 failed the server for our input.
import { describe, expect, it } from 'vitest';
import { clientCapabilitiesAt } from '../../suites/lib/handshake-walk.js';

describe('the client capabilities the handshake walk declares', () => {
  it('leave out elicitation before 2025-06-18, and declare every one from then on', () => {
    expect(Object.keys(clientCapabilitiesAt('2024-11-05')).sort()).toEqual(['roots', 'sampling']);
    expect(Object.keys(clientCapabilitiesAt('2025-03-26')).sort()).toEqual(['roots', 'sampling']);
    expect(Object.keys(clientCapabilitiesAt('2025-06-18')).sort()).toEqual(['elicitation', 'roots', 'sampling']);
    expect(Object.keys(clientCapabilitiesAt('2025-11-25')).sort()).toEqual(['elicitation', 'roots', 'sampling']);
  });
});
