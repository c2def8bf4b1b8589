// The client requirement catalog (spec/client-requirements.md) read as data: ids with their level,
// kind and revisions, none of its sentences. Checks cite these ids; a test proves they exist.

export interface ClientRequirement {
  id: string;
  /** The id's area, e.g. `CLIENT-LIFE`. */
  area: string;
  level: string;
  kind: string;
  versions: string;
}

// | CLIENT-LIFE-1 | MUST | N | requirement | source | versions | test |
const ROW = /^\| (CLIENT-[A-Z][A-Z0-9]*)-(\d+) \| ([^|]+) \| ([^|]+) \|(?:[^|]*\|){2} ([^|]+) \|/;

export function parseClientCatalog(text: string): ClientRequirement[] {
  const rows: ClientRequirement[] = [];
  for (const line of text.split('\n')) {
    const m = ROW.exec(line);
    if (!m) continue;
    rows.push({ id: `${m[1]}-${m[2]}`, area: m[1], level: m[3].trim(), kind: m[4].trim(), versions: m[5].trim() });
  }
  return rows;
}
