/**
 * What the built web app says of itself: `citadel-build.json` beside its index.html (written by
 * packages/web/vite.config.ts), `{"build": "<id>", "protocol": <version>}`. The server says that
 * build in its answers (http/wire.ts), and refuses to start with a web app built for another
 * protocol version than its own: every page would be told to reload, and reload into the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { StartupFailure } from './startup-failure.ts';

export const WEB_BUILD_FILE = 'citadel-build.json';

const webBuildSchema = z.object({ build: z.string().min(1).max(100), protocol: z.int().min(1) });
export type WebBuild = z.infer<typeof webBuildSchema>;

/**
 * The build of the web app in `webRoot`; null when it has no such file (a build made before the
 * file existed). A file that cannot be read as one is a failure to start.
 */
export function readWebBuild(webRoot: string): WebBuild | null {
  let text: string;
  try {
    text = readFileSync(join(webRoot, WEB_BUILD_FILE), 'utf8');
  } catch {
    return null;
  }
  let parsed: ReturnType<typeof webBuildSchema.safeParse>;
  try {
    parsed = webBuildSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = webBuildSchema.safeParse(undefined);
  }
  if (!parsed.success)
    throw new StartupFailure(
      `${join(webRoot, WEB_BUILD_FILE)} is not a build description: build the web app again (npm run build:web)`,
    );
  return parsed.data;
}

/** Refuses a web build of another protocol version than the server's `protocol`. */
export function checkWebBuild(build: WebBuild | null, protocol: number, webRoot: string): void {
  if (build && build.protocol !== protocol)
    throw new StartupFailure(
      `the web app in ${webRoot} was built for protocol ${build.protocol} and this server speaks ${protocol}: build it again (npm run build:web)`,
    );
}
