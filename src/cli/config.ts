// The config file: mcp-conform.config.json (or .mjs exporting default) in the working directory,
// or the file named by --config. It is checked against schemas/config.schema.json; a bad file is
// one line naming the file, the JSON pointer and the problem. Flags override it (see run.ts).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, type Revision } from '../schema/index.js';
import { packageRoot } from '../schema/package-root.js';
import type { TargetSpec } from '../session/index.js';
import { ConfigError, UsageError } from './errors.js';
import { closest } from './did-you-mean.js';
import { cannotRead } from './file-errors.js';

/** Looked for in the working directory, in this order (having both is an error). */
export const CONFIG_NAMES = ['mcp-conform.config.json', 'mcp-conform.config.mjs'] as const;

export type CallTools = 'all' | string[];

/** The config's `auth` (names as in the file), environment variables expanded. */
export interface ConfigAuth {
  token?: string;
  tokenWrongAudience?: string;
  tokenLowScope?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
}

/** One server of the config, ready to run. */
export interface ConfigTarget {
  /** Set for every target of a list of several; optional for a single one. */
  name?: string;
  spec: TargetSpec;
  callTools?: CallTools;
  slowTool?: string;
  baseline?: string;
  auth?: ConfigAuth;
}

/** The config with paths resolved, environment variables expanded and defaults left unset. */
export interface RunConfig {
  /** The file as named in messages. */
  file: string;
  targets: ConfigTarget[];
  protocolVersion?: Revision | 'all';
  strict?: boolean;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  deadlineMs?: number;
  quietMs?: number;
  only?: string[];
  skip?: string[];
  callTools?: CallTools;
  slowTool?: string;
  baseline?: string;
  seed?: number;
  fuzzRuns?: number;
  output?: { json?: string; junit?: string; html?: string; dir?: string };
  /** Top-level auth: the default of every URL target of a list. */
  auth?: ConfigAuth;
}

// The file's shape, as the schema allows it.
interface RawTarget {
  name?: string;
  command?: string[];
  url?: string;
  legacySse?: boolean;
  env?: Record<string, string>;
  headers?: Record<string, string>;
  cwd?: string;
  callTools?: CallTools;
  slowTool?: string;
  baseline?: string;
  auth?: ConfigAuth;
}
interface RawConfig extends RawTarget {
  targets?: RawTarget[];
  protocolVersion?: Revision | 'all';
  strict?: boolean;
  timeout?: number;
  startTimeout?: number;
  deadline?: number;
  quietMs?: number;
  only?: string | string[];
  skip?: string | string[];
  seed?: number;
  fuzzRuns?: number;
  output?: RunConfig['output'];
}

export function configSchemaPath(): string {
  return join(packageRoot(), 'schemas', 'config.schema.json');
}

let validator: ValidateFunction | undefined;

async function configValidator(): Promise<ValidateFunction> {
  if (!validator) validator = createAjv('2020-12', true).compile(JSON.parse(await readFile(configSchemaPath(), 'utf8')));
  return validator;
}

/**
 * Loads the config named by `path` (relative to `cwd`), or the one found in `cwd`, or returns
 * undefined when there is none. Throws ConfigError for a file that breaks the schema.
 */
export async function loadConfig(opts: { path?: string; cwd: string; env: NodeJS.ProcessEnv }): Promise<RunConfig | undefined> {
  const file = opts.path ?? discover(opts.cwd);
  if (file === undefined) return undefined;
  const abs = resolve(opts.cwd, file);
  const data = await readConfigData(file, abs);
  return checkConfig(data, { file, dir: dirname(abs), cwd: opts.cwd, env: opts.env });
}

function discover(cwd: string): string | undefined {
  const found = CONFIG_NAMES.filter((name) => existsSync(join(cwd, name)));
  if (found.length > 1) throw new UsageError(`both ${found.join(' and ')} are here: keep one, or name it with --config`);
  return found[0];
}

/** How a .mjs/.js config is loaded; the CLI's loader hands in its own (see useModuleImporter). */
let importModule = (url: string): Promise<unknown> => import(url);

/**
 * dist/cli.js runs the bundle through V8's code cache, and import() in code that came from the
 * cache finds no loader on Node 20: the loader, an ES module, imports config files for it.
 */
export function useModuleImporter(importer: (url: string) => Promise<unknown>): void {
  importModule = importer;
}

async function readConfigData(file: string, abs: string): Promise<unknown> {
  if (['.mjs', '.js'].includes(extname(abs))) {
    if (!existsSync(abs)) throw cannotRead(`config ${file}`, { code: 'ENOENT' });
    let mod: Record<string, unknown>;
    try {
      mod = (await importModule(pathToFileURL(abs).href)) as Record<string, unknown>;
    } catch (err) {
      throw new ConfigError(file, '/', `cannot load: ${firstLine(err)}`);
    }
    if (!('default' in mod)) throw new ConfigError(file, '/', 'has no default export (export default { ... })');
    return await mod.default;
  }
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (err) {
    throw cannotRead(`config ${file}`, err);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(file, '/', `not valid JSON: ${firstLine(err)}`);
  }
}

function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err).split(/\r?\n/)[0];
}

/** Validates parsed config data and resolves it (paths against `dir`, shown relative to `cwd`). */
export async function checkConfig(
  data: unknown,
  ctx: { file: string; dir: string; cwd: string; env: NodeJS.ProcessEnv },
): Promise<RunConfig> {
  const validate = await configValidator();
  if (!validate(data)) {
    const { pointer, problem } = pickProblem(validate.errors ?? []);
    throw new ConfigError(ctx.file, pointer, problem);
  }
  const raw = data as RawConfig;
  const fail = (pointer: string, problem: string): never => {
    throw new ConfigError(ctx.file, pointer, problem);
  };
  const path = (p: string) => fromDir(ctx.dir, ctx.cwd, p);
  const expand = (value: string, pointer: string) =>
    value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => ctx.env[name] ?? fail(pointer, `environment variable ${name} is not set`));

  const expandAuth = (auth: ConfigAuth | undefined, at: string): ConfigAuth | undefined =>
    auth && Object.fromEntries(Object.entries(auth).map(([k, v]) => [k, expand(v as string, `${at}/auth/${k}`)]));

  const toTarget = (t: RawTarget, at: string, name: string | undefined): ConfigTarget => {
    let spec: TargetSpec;
    if (t.url !== undefined) {
      const url = expand(t.url, `${at}/url`);
      if (!URL.canParse(url)) fail(`${at}/url`, `not a valid URL: "${url}"`);
      const headers = Object.fromEntries(Object.entries(t.headers ?? {}).map(([k, v]) => [k, expand(v, `${at}/headers/${escapeToken(k)}`)]));
      spec = { transport: t.legacySse ? 'sse' : 'http', url: new URL(url).href, headers };
    } else {
      const env = Object.fromEntries(Object.entries(t.env ?? {}).map(([k, v]) => [k, expand(v, `${at}/env/${escapeToken(k)}`)]));
      spec = { transport: 'stdio', command: [...t.command!], env, cwd: t.cwd !== undefined ? path(t.cwd) : defaultCwd(ctx.dir, ctx.cwd) };
    }
    return {
      ...(name !== undefined ? { name } : {}),
      spec,
      ...(t.callTools !== undefined ? { callTools: t.callTools } : {}),
      ...(t.slowTool !== undefined ? { slowTool: t.slowTool } : {}),
      ...(t.baseline !== undefined ? { baseline: path(t.baseline) } : {}),
      ...(t.auth !== undefined ? { auth: expandAuth(t.auth, at) } : {}),
    };
  };

  const targets: ConfigTarget[] = [];
  if (raw.targets) {
    const seen = new Map<string, number>();
    raw.targets.forEach((t, i) => {
      const name = t.name ?? (raw.targets!.length > 1 ? `target-${i + 1}` : undefined);
      if (name !== undefined && seen.has(name)) fail(`/targets/${i}${t.name ? '/name' : ''}`, `duplicate target name "${name}" (also /targets/${seen.get(name)})`);
      if (name !== undefined) seen.set(name, i);
      targets.push(toTarget(t, `/targets/${i}`, name));
    });
  } else if (raw.command !== undefined || raw.url !== undefined) {
    targets.push(toTarget(raw, '', raw.name));
  } else if (raw.name !== undefined) {
    fail('/name', 'names a target, but there is no "command" or "url" beside it');
  }

  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  const output = raw.output && Object.fromEntries(Object.entries(raw.output).map(([k, v]) => [k, path(v as string)]));
  const config: RunConfig = { file: ctx.file, targets };
  const set = <K extends keyof RunConfig>(key: K, value: RunConfig[K] | undefined) => {
    if (value !== undefined) config[key] = value;
  };
  set('protocolVersion', raw.protocolVersion);
  set('strict', raw.strict);
  set('requestTimeoutMs', raw.timeout);
  set('startTimeoutMs', raw.startTimeout);
  set('deadlineMs', raw.deadline);
  set('quietMs', raw.quietMs);
  set('only', list(raw.only));
  set('skip', list(raw.skip));
  // Top-level callTools, slowTool and baseline are defaults for every target of a list.
  set('callTools', raw.callTools);
  set('slowTool', raw.slowTool);
  set('baseline', raw.baseline !== undefined ? path(raw.baseline) : undefined);
  set('seed', raw.seed);
  set('fuzzRuns', raw.fuzzRuns);
  set('output', output);
  // A single top-level target already carries it; a list takes it as every target's default.
  if (raw.targets) set('auth', expandAuth(raw.auth, ''));
  return config;
}

/** A path from the config, resolved against its folder; relative to `cwd` when inside it. */
function fromDir(dir: string, cwd: string, p: string): string {
  const abs = resolve(dir, p);
  const rel = relative(cwd, abs);
  return rel === '' ? '.' : !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

// A spawned server runs in the config's folder, so its relative paths mean what they say there.
function defaultCwd(dir: string, cwd: string): string | undefined {
  return resolve(dir) === resolve(cwd) ? undefined : dir;
}

function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

// ---- ajv errors → one precise line ----

const SHALLOW = new Set(['required', 'type', 'const', 'enum']);
const PATTERN_HINTS: Record<string, string> = {
  '^https?://': 'must be an http:// or https:// URL',
  '^[A-Za-z0-9][A-Za-z0-9._-]*$': 'may hold only letters, digits, ".", "_" and "-", starting with a letter or digit',
};

/**
 * The one error worth showing. Alternatives that all failed at the same spot read as one
 * ("must be "all" or an array"); otherwise the deepest error wins, since it names the exact
 * value at fault.
 */
export function pickProblem(errors: readonly ErrorObject[]): { pointer: string; problem: string } {
  const live = errors.filter((e) => e.keyword !== 'if');
  const dropped = new Set<ErrorObject>();
  const combined = new Map<ErrorObject, string>();
  for (const c of live.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    const branches = live.filter((e) => e !== c && e.schemaPath.startsWith(`${c.schemaPath}/`));
    const shallow = branches.length > 0 && branches.every((e) => e.instancePath === c.instancePath && SHALLOW.has(e.keyword));
    if (shallow) {
      for (const b of branches) dropped.add(b);
      combined.set(c, alternatives(branches));
    } else dropped.add(c);
  }
  const shown = live
    .filter((e) => !dropped.has(e))
    .map((e) => (combined.has(e) ? { pointer: e.instancePath, problem: combined.get(e)! } : describe(e)));
  if (shown.length === 0) return { pointer: '', problem: 'does not fit the config schema' };
  const depth = (p: string) => (p === '' ? 0 : p.split('/').length);
  return shown.reduce((best, e) => (depth(e.pointer) > depth(best.pointer) ? e : best));
}

function alternatives(branches: ErrorObject[]): string {
  if (branches.every((e) => e.keyword === 'required')) return `needs ${branches.map((e) => `"${e.params.missingProperty}"`).join(' or ')}`;
  const phrases = branches.map((e) =>
    e.keyword === 'type' ? kind(e.params.type) : e.keyword === 'const' ? JSON.stringify(e.params.allowedValue) : e.keyword === 'enum' ? (e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ') : `"${e.params.missingProperty}"`,
  );
  return `must be ${[...new Set(phrases)].join(' or ')}`;
}

function kind(type: string | string[]): string {
  const one = (t: string) => (t === 'boolean' ? 'true or false' : t === 'null' ? 'null' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`);
  return Array.isArray(type) ? type.map(one).join(' or ') : one(type);
}

function describe(e: ErrorObject): { pointer: string; problem: string } {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: `${at}/${escapeToken(String(p.missingProperty))}`, problem: 'is required' };
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const guess = closest(name, known);
      return { pointer: `${at}/${escapeToken(name)}`, problem: `unknown property${guess ? ` (did you mean "${guess}"?)` : ''}` };
    }
    case 'dependentRequired':
      return { pointer: `${at}/${escapeToken(String(p.property))}`, problem: `needs "${p.missingProperty}" beside it` };
    case 'false schema': {
      const dep = /\/dependentSchemas\/([^/]+)\//.exec(e.schemaPath)?.[1];
      return { pointer: at, problem: dep ? `not allowed together with "${dep}"` : 'not allowed here' };
    }
    case 'type':
      return { pointer: at, problem: `must be ${kind(p.type as string | string[])}` };
    case 'const':
      return { pointer: at, problem: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum':
      return { pointer: at, problem: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'minItems':
    case 'minLength':
      return { pointer: at, problem: p.limit === 1 ? 'must not be empty' : `must have at least ${p.limit} ${e.keyword === 'minItems' ? 'items' : 'characters'}` };
    case 'minimum':
      return { pointer: at, problem: `must be at least ${p.limit}` };
    case 'pattern':
      return { pointer: at, problem: PATTERN_HINTS[String(p.pattern)] ?? `must match ${p.pattern}` };
    default:
      return { pointer: at, problem: e.message ?? `breaks "${e.keyword}"` };
  }
}
