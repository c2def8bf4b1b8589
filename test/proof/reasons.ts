// Why a check of 2026-07-28 judges nothing on a wire (the `exempt` of a proof, proof.ts).

export const CANCEL_OVER_HTTP =
  'in 2026-07-28 notifications/cancelled travels on stdio only; over HTTP a client cancels by closing the response stream (S26-27): the check skips, and no check judges stream-close cancellation yet';
export const JSON_HAS_NO_EVENTS = 'with JSON replies there is no SSE stream to judge: the check is about SSE replies only';
export const NEEDS_DUAL_ERA = 'about an initialize-based session of a dual-era server: the stateless fixture serves no initialize (its proof runs on the dual era)';
export const NEEDS_CLIENT_CREDENTIALS =
  'needs client credentials against the JWT auth mode and a real authorization server, which the stateless proofs do not start: its proof runs at 2026-07-28 over HTTP (auth: jwt), and without them it skips';
