// The argv that starts our SDK v2 servers (server.mjs), for the suite (stdio) and
// startHttpServer (HTTP), and the file the destructive tool leaves behind if it is ever called.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SdkV2Posture = 'dual' | 'modern';

const ENTRY = join(import.meta.dirname, 'server.mjs');

export function sdkV2Command(transport: 'stdio' | 'http', posture: SdkV2Posture): string[] {
  return ['node', ENTRY, transport, posture];
}

/** The environment variable surface.mjs reads, pointing into a temp dir of the test's own. */
export function destructiveMarkerEnv(dir: string): Record<string, string> {
  return { SDK_V2_DESTRUCTIVE_MARKER: join(dir, 'delete_all_notes-was-called') };
}

/** What the destructive tool wrote, if it was called; undefined when it never was. */
export function destructiveCall(env: Record<string, string>): string | undefined {
  const marker = env.SDK_V2_DESTRUCTIVE_MARKER!;
  return existsSync(marker) ? readFileSync(marker, 'utf8') : undefined;
}
