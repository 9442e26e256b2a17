// Stack traces of the built server (dist-server/main.js) name the TypeScript
// sources, as Node's --enable-source-maps would, but the source map is read
// only when a stack is first written: parsed at start it kept 12–20 MB more at
// the server's peaks (docs/performance.md, "The server's peak memory: source
// maps and V8's heap").
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let loaded = false;

/** Whether a stack has needed the map yet (it is read once, at that first stack). */
export const stackMapLoaded = () => loaded;

/**
 * From now on, the frames of the bundle at `bundleUrl` name their sources'
 * files, lines and columns. Nothing is installed when no map lies beside the
 * bundle (a run from the TypeScript sources: their frames are the sources').
 */
export function mapStacksOf(bundleUrl: string) {
  const file = fileURLToPath(bundleUrl);
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return;
  let map: SourceMap | null | undefined;
  const readMap = () => {
    if (map === undefined) {
      loaded = true;
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
      } catch {
        map = null; // a frame without its source beats no stack at all
      }
    }
    return map;
  };
  const frameText = (frame: NodeJS.CallSite) => {
    const text = String(frame);
    const at = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if ((at !== bundleUrl && at !== file) || line === null || column === null) return text;
    const entry = readMap()?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    const source = resolve(dirname(file), entry.originalSource.replace(/^file:\/\//, ''));
    return text.replace(
      `${at}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  };
  Error.prepareStackTrace = (error, frames) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    return [head, ...frames.map((frame) => `    at ${frameText(frame)}`)].join('\n');
  };
}
