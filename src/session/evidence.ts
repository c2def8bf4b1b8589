// Wire evidence behind a verdict; defined here (session layer) because the session records it.

/** One piece of wire evidence behind a verdict. `at` is ms since the session started. */
export type Evidence =
  | { type: 'message'; direction: 'sent' | 'received'; at: number; message?: unknown; raw?: string }
  | {
      type: 'http';
      at: number;
      request: { method: string; url: string; headers: Record<string, string>; body?: string };
      response?: { status: number; headers: Record<string, string>; body?: string };
    }
  | { type: 'expected'; expected: string; actual: string }
  | { type: 'schema'; pointer: string; expected: string; found: string; requirement?: string; line?: number }
  | { type: 'stderr'; text: string }
  | { type: 'note'; text: string };

