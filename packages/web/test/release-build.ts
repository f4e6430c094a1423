/**
 * A release for the browser tests, without building the app again: a copy of the app built for the
 * run that says it is another build, and speaks another protocol version where asked. What tells
 * a page's code which build and protocol it is is its index.html (the `citadel-build` and
 * `citadel-protocol` meta tags), the server's `citadel-build.json`, and the service worker's build
 * and cache names (vite.config.ts writes them all): those are changed; the code is the same.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Release {
  /** The release's build id. */
  readonly build: string;
  /** The protocol version it speaks. */
  readonly protocol: number;
}

/** Writes a copy of the app built in `webRoot` as `release` into `dir` (replaced); returns `dir`. */
export function releaseOf(webRoot: string, dir: string, release: Release): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(webRoot, dir, { recursive: true });
  const { build } = JSON.parse(readFileSync(join(dir, 'citadel-build.json'), 'utf8')) as {
    build: string;
  };
  const rewrite = (file: string, change: (text: string) => string): void => {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`${file}: nothing to change for the release`);
    writeFileSync(path, after);
    // The compressed copies would still say the old build.
    rmSync(`${path}.br`, { force: true });
    rmSync(`${path}.gz`, { force: true });
  };
  rewrite('index.html', (html) =>
    html
      .replace(/(<meta name="citadel-build" content=")[^"]*/, `$1${release.build}`)
      .replace(/(<meta name="citadel-protocol" content=")[^"]*/, `$1${release.protocol}`),
  );
  rewrite('sw.js', (sw) => sw.replaceAll(build, release.build));
  writeFileSync(join(dir, 'citadel-build.json'), JSON.stringify(release));
  return dir;
}
