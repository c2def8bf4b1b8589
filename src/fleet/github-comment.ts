// One pull-request comment per diff, updated on every push rather than added again: the comment
// that starts with our marker is found (through the GitHub REST API) and edited; without one, a
// new comment is posted. Every request is bounded; the token appears in no message.

export interface CommentTarget {
  /** https://api.github.com, or GITHUB_API_URL (GitHub Enterprise, a test's local server). */
  api: string;
  /** owner/name */
  repo: string;
  /** The pull request's number (its issue). */
  issue: number;
  token: string;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Pages of 100 comments looked through for ours: a PR with more is rare, and the walk stays bounded. */
const MAX_PAGES = 20;
/** GitHub refuses comment bodies over 65536 characters. */
export const COMMENT_MAX = 65_000;

export async function upsertComment(target: CommentTarget, marker: string, body: string): Promise<{ action: 'created' | 'updated'; url?: string }> {
  const text = body.length > COMMENT_MAX ? `${body.slice(0, COMMENT_MAX)}\n\n…cut: the full diff is in the job summary.\n` : body;
  const existing = await findComment(target, marker);
  if (existing !== undefined) {
    const updated = await call(target, 'PATCH', `/repos/${target.repo}/issues/comments/${existing}`, { body: text });
    return { action: 'updated', url: (updated as { html_url?: string })?.html_url };
  }
  const created = await call(target, 'POST', `/repos/${target.repo}/issues/${target.issue}/comments`, { body: text });
  return { action: 'created', url: (created as { html_url?: string })?.html_url };
}

async function findComment(target: CommentTarget, marker: string): Promise<number | undefined> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await call(target, 'GET', `/repos/${target.repo}/issues/${target.issue}/comments?per_page=100&page=${page}`);
    if (!Array.isArray(list)) throw new Error(`GitHub API GET comments: not a list`);
    const ours = list.find((c) => typeof c?.body === 'string' && c.body.startsWith(marker) && typeof c.id === 'number');
    if (ours) return ours.id as number;
    if (list.length < 100) return undefined;
  }
  return undefined;
}

async function call(target: CommentTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const url = `${target.api.replace(/\/+$/, '')}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'mcp-conform',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const why = (err as Error)?.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : String((err as Error)?.cause ?? (err as Error)?.message ?? err);
    throw new Error(`GitHub API ${method} ${path.split('?')[0]}: ${why}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let message = text.slice(0, 200);
    try {
      message = String((JSON.parse(text) as { message?: string }).message ?? message);
    } catch {
      // not JSON: the start of the text says enough
    }
    const hint = res.status === 403 || res.status === 404 ? ' (a pull request from a fork gets a read-only token; the job summary has the diff)' : '';
    throw new Error(`GitHub API ${method} ${path.split('?')[0]}: ${res.status} ${message.replace(/\s+/g, ' ').trim()}${hint}`);
  }
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    throw new Error(`GitHub API ${method} ${path.split('?')[0]}: the answer is not JSON`);
  }
}
