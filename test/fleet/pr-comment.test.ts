// `diff --github-comment` against a local stand-in of the GitHub REST API: the first run posts one
// comment, later runs edit that comment (found by its marker, past the first page of comments)
// rather than adding another; the token goes only into the Authorization header; a refused
// write is one line on stderr and changes no exit code.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { summarize, toJson } from '../../src/report/index.js';
import { runCli } from '../cli/run-cli.js';
import { check } from '../report/sample.js';

const TOKEN = 'ghs_fake0123456789token';

interface Comment {
  id: number;
  body: string;
}

/** Just enough of the issues-comments API, with GitHub's paging. */
function fakeGithub() {
  const comments: Comment[] = Array.from({ length: 130 }, (_, i) => ({ id: 1000 + i, body: `someone else's comment ${i}` }));
  const requests: Array<{ method: string; url: string; authorization?: string; body?: string }> = [];
  let refuse = false;
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
  });
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: body || undefined });
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'Bad credentials' });
    if (refuse && req.method !== 'GET') return json(403, { message: 'Resource not accessible by integration' });
    if (req.method === 'GET' && url.pathname === '/repos/o/r/issues/7/comments') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const per = Number(url.searchParams.get('per_page') ?? 30);
      return json(200, comments.slice((page - 1) * per, page * per));
    }
    if (req.method === 'POST' && url.pathname === '/repos/o/r/issues/7/comments') {
      const c = { id: 5000 + comments.length, body: JSON.parse(body).body as string };
      comments.push(c);
      return json(201, { ...c, html_url: `https://github.test/o/r/pull/7#issuecomment-${c.id}` });
    }
    const edit = /^\/repos\/o\/r\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'PATCH' && edit) {
      const c = comments.find((x) => x.id === Number(edit[1]));
      if (!c) return json(404, { message: 'Not Found' });
      c.body = JSON.parse(body).body;
      return json(200, { ...c, html_url: `https://github.test/o/r/pull/7#issuecomment-${c.id}` });
    }
    json(404, { message: 'Not Found' });
  });
  return { server, comments, requests, refuseWrites: () => (refuse = true) };
}

function report(status: 'pass' | 'fail'): Report {
  const checks = [check({ id: 'lifecycle/ping', status }), check({ id: 'lifecycle/server-info', status: 'pass' })];
  return { tool: { name: 'mcp-conform', version: '0.1.0' }, target: { transport: 'stdio', command: ['node', 's.js'] }, protocolVersion: '2025-11-25', seed: 1, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, summary: summarize(checks), checks };
}

describe('diff --github-comment', () => {
  let dir: string;
  const gh = fakeGithub();
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-comment-'));
    writeFileSync(join(dir, 'base.json'), toJson(report('pass')));
    writeFileSync(join(dir, 'head.json'), toJson(report('fail')));
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 7 } }));
    await new Promise<void>((resolve) => gh.server.listen(0, '127.0.0.1', resolve));
    const port = (gh.server.address() as AddressInfo).port;
    env = { GITHUB_API_URL: `http://127.0.0.1:${port}`, GITHUB_REPOSITORY: 'o/r', GITHUB_EVENT_PATH: join(dir, 'event.json'), MCP_CONFORM_GITHUB_TOKEN: TOKEN, GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), GITHUB_OUTPUT: join(dir, 'output') };
    writeFileSync(env.GITHUB_STEP_SUMMARY, '');
    writeFileSync(env.GITHUB_OUTPUT, '');
  });
  afterAll(async () => {
    await new Promise((resolve) => gh.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('posts one comment, then edits it on the next run; the job summary and outputs get the diff', async () => {
    const first = await runCli(['diff', join(dir, 'base.json'), join(dir, 'head.json'), '--github', '--github-comment'], { env });
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('pull-request comment created: https://github.test/o/r/pull/7#issuecomment-');
    const ours = () => gh.comments.filter((c) => c.body.startsWith('<!-- mcp-conform-diff -->'));
    expect(ours()).toHaveLength(1);
    expect(ours()[0].body).toContain('#### New failures (1)');
    // The marker was looked for on every page before posting.
    expect(gh.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);

    const second = await runCli(['diff', join(dir, 'base.json'), join(dir, 'base.json'), '--github', '--github-comment'], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('pull-request comment updated');
    expect(ours()).toHaveLength(1);
    expect(ours()[0].body).toContain('✅ 0 new failures');
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(gh.requests.every((r) => r.authorization === `Bearer ${TOKEN}` && !r.url.includes(TOKEN) && !(r.body ?? '').includes(TOKEN))).toBe(true);
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(TOKEN);

    const summary = readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8');
    expect(summary.match(/<!-- mcp-conform-diff -->/g)).toHaveLength(2);
    expect(readFileSync(env.GITHUB_OUTPUT, 'utf8')).toContain('new-failures=1\n');
  });

  it('a refused write (a fork\'s read-only token) is one line on stderr; the exit code stays the diff\'s', async () => {
    gh.refuseWrites();
    const r = await runCli(['diff', join(dir, 'base.json'), join(dir, 'head.json'), '--no-github', '--github-comment'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mcp-conform: no pull-request comment: GitHub API PATCH \/repos\/o\/r\/issues\/comments\/\d+: 403 Resource not accessible by integration \(a pull request from a fork/)]);
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('not a pull request: no comment, said so', async () => {
    const r = await runCli(['diff', join(dir, 'base.json'), join(dir, 'base.json'), '--no-github', '--github-comment'], { env: { ...env, GITHUB_EVENT_PATH: '' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('no pull-request comment: this run is not for a pull request');
  });
});
