import { strToU8, zipSync } from 'fflate';

/** What the archive's zip is made of: the database's JSON of each table, and the README. */
export interface ArchiveInput {
  readme: string;
  /** Each file of the archive: its tables in order, each as the JSON text of its rows, as the database wrote it. */
  parts: { file: string; tables: { name: string; rowsJson: string }[] }[];
  at: Date;
}

/**
 * The zip of a member's data, on a worker thread (work.ts, ADR 0040): each part becomes one indented JSON file
 * of its tables. The event loop only read the rows, as text; parsing, writing and compressing them is here.
 */
export async function zipArchive(input: ArchiveInput): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(input.readme) };
  for (const part of input.parts) {
    const content: Record<string, unknown> = {};
    for (const table of part.tables) content[table.name] = JSON.parse(table.rowsJson);
    files[part.file] = strToU8(JSON.stringify(content, null, 2));
  }
  return zipSync(files, { level: 6, mtime: input.at });
}
