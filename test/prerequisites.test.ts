import { describe, expect, it } from 'vitest';
import { PREREQUISITES, skipNotice, skipReason, type Prerequisite } from './prerequisites.js';

const missing: Prerequisite = { needs: 'the thing (/x/y)', present: false, skips: 'the thing tests', remedy: 'install the thing' };
const present: Prerequisite = { ...missing, needs: 'the other thing', present: true };

describe('the skip notice printed at the start of npm test', () => {
  it('names each missing prerequisite, the tests that skip without it and how to get it', () => {
    const text = skipNotice([missing, present]);
    expect(text).toContain('1 of 2 prerequisites missing');
    expect(text).toContain('without the thing (/x/y): the thing tests skip. To run them: install the thing.');
    expect(text).not.toContain('the other thing');
  });

  it('is empty when nothing is missing', () => {
    expect(skipNotice([present])).toBe('');
  });

  it('gives a skipped group a title suffix with the same reason', () => {
    expect(skipReason(missing)).toBe(' — skipped: the thing (/x/y) is missing; install the thing');
    expect(skipReason(present)).toBe('');
  });

  it('covers the shared folder, Chromium and xmllint', () => {
    expect(PREREQUISITES.map((p) => p.needs).join('\n')).toMatch(/schemas[\s\S]*catalog[\s\S]*Chromium[\s\S]*xmllint/);
  });
});
