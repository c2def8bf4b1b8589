// What the test suite needs beyond `npm ci`, and which tests skip without it. One place, so the
// tests' skip conditions and the notice printed at the start of a run (test/global-setup.ts)
// cannot drift apart.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OFFICIAL_DIR, OFFICIAL_PRESENT, REPO_ROOT } from './schema/support.js';
import { SPEC_PRESENT } from './fixtures/harness/schema.js';
import { XMLLINT } from './report/xmllint.js';

export interface Prerequisite {
  /** What is needed, as a reader would name it. */
  needs: string;
  present: boolean;
  /** The tests that skip without it. */
  skips: string;
  /** How to get it. */
  remedy: string;
}

export const CATALOG = join(REPO_ROOT, '..', 'shared', 'spec', 'server-requirements.md');
export const CHROMIUM = '/usr/bin/chromium';

export const SHARED_SPEC: Prerequisite = {
  needs: `the official MCP schemas (${OFFICIAL_DIR})`,
  present: OFFICIAL_PRESENT && SPEC_PRESENT,
  skips: 'schema regeneration and differential tests (test/schema), the fixture servers\' schema oracle (test/fixtures)',
  remedy: 'clone with the shared/ folder beside the repository, as CI has it',
};
export const SHARED_CATALOG: Prerequisite = {
  needs: `the requirement catalog (${CATALOG})`,
  present: existsSync(CATALOG),
  skips: 'schemas/requirements.json compared with the catalog (test/cli/coverage.test.ts)',
  remedy: 'clone with the shared/ folder beside the repository, as CI has it',
};
export const BROWSER: Prerequisite = {
  needs: `Chromium (${CHROMIUM})`,
  present: existsSync(CHROMIUM),
  skips: 'the HTML report opened in headless Chromium (test/report/html.browser.test.ts)',
  remedy: 'apt-get install -y chromium (CI installs it)',
};
export const XML_VALIDATOR: Prerequisite = {
  needs: `xmllint (${XMLLINT})`,
  present: existsSync(XMLLINT),
  skips: 'JUnit reports validated against the XSD (test/report/junit.test.ts)',
  remedy: 'apt-get install -y libxml2-utils (CI installs it)',
};

export const PREREQUISITES: readonly Prerequisite[] = [SHARED_SPEC, SHARED_CATALOG, BROWSER, XML_VALIDATOR];

/** The lines printed once at the start of `npm test`: empty when nothing is missing. */
export function skipNotice(prerequisites: readonly Prerequisite[] = PREREQUISITES): string {
  const missing = prerequisites.filter((p) => !p.present);
  if (missing.length === 0) return '';
  const lines = missing.map((p) => `  - without ${p.needs}: ${p.skips} skip. To run them: ${p.remedy}.`);
  return [`Some tests skip on this machine (${missing.length} of ${prerequisites.length} prerequisites missing):`, ...lines, ''].join('\n');
}

/** A reason to put in a skipped describe's title. */
export function skipReason(p: Prerequisite): string {
  return p.present ? '' : ` — skipped: ${p.needs} is missing; ${p.remedy}`;
}
