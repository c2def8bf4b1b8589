// The --auth-* flags, their MCP_CONFORM_AUTH_* environment variables (so CI never puts a secret
// on a command line) and the config's `auth`, in that order of precedence, turned into the run's
// AuthOptions and the target's Authorization header. A malformed token is one line, exit 2,
// naming where it came from but never showing it.
import { bearerFromHeaders, tokenProblem, withBearer, type AuthOptions, type TokenSource } from '../auth/index.js';
import type { TargetSpec } from '../session/index.js';
import type { ConfigAuth } from './config.js';
import { UsageError } from './errors.js';

export const AUTH_FLAGS = {
  'auth-token': { type: 'string' },
  'auth-token-wrong-audience': { type: 'string' },
  'auth-token-low-scope': { type: 'string' },
  'auth-client-id': { type: 'string' },
  'auth-client-secret': { type: 'string' },
  'auth-scope': { type: 'string' },
} as const;

type AuthFlag = keyof typeof AUTH_FLAGS;
type AuthField = keyof ConfigAuth;

interface Source {
  field: AuthField;
  flag: AuthFlag;
  env: string;
  /** Checked as an RFC 6750 bearer token. */
  token: boolean;
}

export const AUTH_SOURCES: readonly Source[] = [
  { field: 'token', flag: 'auth-token', env: 'MCP_CONFORM_AUTH_TOKEN', token: true },
  { field: 'tokenWrongAudience', flag: 'auth-token-wrong-audience', env: 'MCP_CONFORM_AUTH_TOKEN_WRONG_AUDIENCE', token: true },
  { field: 'tokenLowScope', flag: 'auth-token-low-scope', env: 'MCP_CONFORM_AUTH_TOKEN_LOW_SCOPE', token: true },
  { field: 'clientId', flag: 'auth-client-id', env: 'MCP_CONFORM_AUTH_CLIENT_ID', token: false },
  { field: 'clientSecret', flag: 'auth-client-secret', env: 'MCP_CONFORM_AUTH_CLIENT_SECRET', token: false },
  { field: 'scope', flag: 'auth-scope', env: 'MCP_CONFORM_AUTH_SCOPE', token: false },
];

type FlagValues = Partial<Record<AuthFlag, string>>;

interface Found {
  value: string;
  /** How messages name it: --auth-token, MCP_CONFORM_AUTH_TOKEN, "auth.token" in <file>. */
  from: string;
  kind: 'flag' | 'env' | 'config';
}

/**
 * The run's auth options and the target with the valid token as its Authorization header.
 * `configAuth` is the target's own auth or the config's default; `configFile` names it in messages.
 */
export function resolveAuth(
  target: TargetSpec,
  flags: FlagValues,
  env: NodeJS.ProcessEnv,
  configAuth: ConfigAuth | undefined,
  configFile?: string,
): { target: TargetSpec; auth?: AuthOptions } {
  const found = new Map<AuthField, Found>();
  for (const s of AUTH_SOURCES) {
    const flag = flags[s.flag];
    // An empty variable counts as unset: CI passes '' for a secret that is not defined.
    const fromEnv = env[s.env] === '' ? undefined : env[s.env];
    const fromConfig = configAuth?.[s.field];
    const hit: Found | undefined =
      flag !== undefined ? { value: flag, from: `--${s.flag}`, kind: 'flag' }
      : fromEnv !== undefined ? { value: fromEnv, from: s.env, kind: 'env' }
      : fromConfig !== undefined ? { value: fromConfig, from: `"auth.${s.field}" in ${configFile ?? 'the config'}`, kind: 'config' }
      : undefined;
    if (!hit) continue;
    const problem = s.token ? tokenProblem(hit.value) : hit.value.trim() === '' ? 'it is empty' : undefined;
    if (problem) throw new UsageError(`${hit.from} is not usable${s.token ? ' as a bearer token' : ''}: ${problem}`);
    found.set(s.field, hit);
  }
  if (target.transport === 'stdio') {
    const flagged = [...found.values()].find((f) => f.kind === 'flag');
    // A variable set for the whole CI job, or a list's default, just does not apply to a stdio target.
    if (flagged) throw new UsageError(`${flagged.from} applies to an HTTP server (--url); a stdio server takes its credentials from its environment (--env)`);
    return { target };
  }
  const id = found.get('clientId');
  const secret = found.get('clientSecret');
  // Half a pair would silently run without the tokens the user meant to get.
  if (id && !secret) throw new UsageError(`${id.from} needs a client secret: give --auth-client-secret (or MCP_CONFORM_AUTH_CLIENT_SECRET)`);
  if (secret && !id) throw new UsageError(`${secret.from} needs a client id: give --auth-client-id (or MCP_CONFORM_AUTH_CLIENT_ID)`);

  const value = (f: AuthField) => found.get(f)?.value;
  const given = found.get('token');
  const headerToken = bearerFromHeaders(target.headers);
  const token = given?.value ?? headerToken;
  const tokenSource: TokenSource = given ? given.kind : headerToken ? 'header' : 'none';
  const auth: AuthOptions = {
    tokenSource,
    ...(token !== undefined ? { token } : {}),
    ...definedOnly({ wrongAudienceToken: value('tokenWrongAudience'), lowScopeToken: value('tokenLowScope'), clientId: value('clientId'), clientSecret: value('clientSecret'), scope: value('scope') }),
  };
  // --auth-token T is --header "Authorization: Bearer T", and wins over such a header.
  const withToken: TargetSpec = given ? { ...target, headers: withBearer(target.headers, given.value) } : target;
  return { target: withToken, auth };
}

function definedOnly<T extends Record<string, string | undefined>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
