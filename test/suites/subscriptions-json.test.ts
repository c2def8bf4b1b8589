// A listen answered over HTTP with an application/json body holding the acknowledgment (as the
// official suite's reference server does): the spec does not say a listen must stream, so this is
// no MUST failure, and whatever the verdict, it says what the exchange carried.
import { describe, expect, it } from 'vitest';
import { runAgainstHttpFixture, statusOf } from './harness.js';

const ID = 'subscriptions/acknowledged-first';

describe('a listen answered with an application/json body', () => {
  for (const fault of ['listen-json-ended', 'listen-json-held']) {
    it(`is not a MUST failure, and the verdict shows the JSON answer (${fault})`, async () => {
      const report = await runAgainstHttpFixture({ era: 'stateless', fault, only: [ID] });
      const check = report.checks.find((c) => c.id === ID);
      expect(check?.status).not.toBe('fail');
      expect(check?.message).toMatch(/application\/json/);
      expect(check?.message).toMatch(/HTTP 200/);
      expect(check?.message).toContain('notifications/subscriptions/acknowledged');
    });
  }
});
