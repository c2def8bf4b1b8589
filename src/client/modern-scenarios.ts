// The 2026-07-28 scenarios (played only when the run's revision is 2026-07-28; `basic` is played
// in both eras): our server has no handshake and sends no request of its own; it asks for client
// input the multi round-trip way, in the answer to a tools/call (modern.ts).
import type { Scenario } from './scenarios.js';

export const MODERN_SCENARIOS = ['input-required'] as const;
export type ModernScenarioName = (typeof MODERN_SCENARIOS)[number];

export function modernScenarioTable(initialize: Scenario['initialize']): Record<ModernScenarioName, Scenario> {
  return {
    'input-required': {
      name: 'input-required',
      about: "2026-07-28: the client's first tools/call answered with an InputRequiredResult (resultType input_required) asking for what that request declared (elicitation form, sampling, roots) with an opaque requestState; its retry judged",
      initialize,
      script: [],
      eras: ['modern'],
      inputRequired: true,
    },
  };
}
