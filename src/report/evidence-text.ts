import type { Evidence } from '../checks/types.js';
import { redactHeaders } from './redact.js';
import { compactPayload, formatAt, oneLine, prettyIfJson, prettyPayload, truncate } from './text.js';

export interface EvidenceTextOptions {
  /** Longest payload kept, in characters. */
  maxPayload: number;
  /** Multi-line pretty JSON and HTTP headers (JUnit bodies); otherwise one compact line each. */
  full: boolean;
}

/** Wire evidence is what crossed the transport: JSON-RPC messages and HTTP exchanges. */
export function isWire(evidence: Evidence): boolean {
  return evidence.type === 'message' || evidence.type === 'http';
}

/** Renders one piece of evidence as plain text lines (not escaped: callers escape for their format). */
export function evidenceLines(evidence: Evidence, opts: EvidenceTextOptions): string[] {
  const payload = (text: string) => truncate(text, opts.maxPayload);
  switch (evidence.type) {
    case 'message': {
      const at = formatAt(evidence.at);
      const arrow = evidence.direction === 'sent' ? '→' : '←';
      if (!opts.full) return [`${at} ${arrow} ${payload(oneLine(compactPayload(evidence.message, evidence.raw)))}`];
      const label = evidence.direction === 'sent' ? 'sent' : 'received';
      return [`${at} ${arrow} ${label}`, ...indent(payload(prettyPayload(evidence.message, evidence.raw)))];
    }
    case 'http': {
      const { request, response } = evidence;
      const at = formatAt(evidence.at);
      if (!opts.full) {
        const reqBody = request.body ? ` ${payload(oneLine(request.body))}` : '';
        const resLine = response
          ? `${at} ← HTTP ${response.status}${response.body ? ` ${payload(oneLine(response.body))}` : ''}`
          : `${at} ← no response`;
        return [`${at} → ${request.method} ${request.url}${reqBody}`, resLine];
      }
      const lines = [`${at} → ${request.method} ${request.url}`, ...headerLines(request.headers)];
      if (request.body) lines.push(...indent(payload(prettyIfJson(request.body))));
      if (!response) return [...lines, '← no response'];
      lines.push(`← HTTP ${response.status}`, ...headerLines(response.headers));
      if (response.body) lines.push(...indent(payload(prettyIfJson(response.body))));
      return lines;
    }
    case 'expected':
      return [`Expected: ${evidence.expected}`, `Actual:   ${evidence.actual}`];
    case 'schema': {
      const where = evidence.pointer || '/';
      const req = evidence.requirement ? ` [${evidence.requirement}]` : '';
      const line = evidence.line !== undefined ? ` (line ${evidence.line})` : '';
      return [`Schema: at ${where}: expected ${evidence.expected}, found ${evidence.found}${req}${line}`];
    }
    case 'stderr':
      if (!opts.full) return [`Server stderr: ${payload(oneLine(evidence.text))}`];
      return ['Server stderr:', ...indent(payload(evidence.text))];
    case 'note':
      return [`Note: ${evidence.text}`];
  }
}

function headerLines(headers: Record<string, string> | undefined): string[] {
  return Object.entries(redactHeaders(headers ?? {})).map(([name, value]) => `    ${name}: ${value}`);
}

function indent(text: string): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => `    ${line}`);
}
