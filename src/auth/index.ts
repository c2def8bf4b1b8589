// Authorization (catalog §7, AUTH-*): options, fingerprints, secret scrubbing, challenges and metadata.
export { fingerprint } from './fingerprint.js';
export { SecretSet } from './secrets.js';
export { bearerFromHeaders, envSecrets, secretsOf, tokenProblem, withBearer, type AuthOptions, type ClientCredentialsSummary, type TokenSource } from './options.js';
export { bearerChallenge, challengedScopes, parseChallenges, type Challenge } from './challenge.js';
export { altered, craftedTokens, type CraftedToken } from './crafted-tokens.js';
export { ClientCredentialsRefused, clientCredentialsSource, DiscoveryFailed, insecureUrlWarning, OTHER_RESOURCE, type ClientCredentials, type TokenIssuer } from './client-credentials.js';
