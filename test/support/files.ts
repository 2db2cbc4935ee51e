// The files under a folder, for tests that read the repository's own sources and docs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `folder` (in its subfolders too) whose name ends with `ending`. */
export function filesUnder(folder: string, ending: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}
