import { readFile, realpath } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { extname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The built chat page (`npm run build:chat-ui`), beside the package's `dist/`. */
export const CHAT_UI_DIR = fileURLToPath(new URL("../../examples/chat-ui/dist", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
};

/**
 * Serves a file of the built page: `/` is `index.html`; a path that leaves `dir` (after
 * resolving links) or names no file is not found.
 * @returns false when there is no such file (the caller answers 404).
 */
export async function serveStatic(dir: string, urlPath: string, res: ServerResponse, head = false): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const relative = decoded === "/" ? "index.html" : decoded.replace(/^\/+/, "");
  try {
    const root = await realpath(dir);
    const file = await realpath(join(root, relative));
    if (file !== root && !file.startsWith(root + sep)) return false;
    const body = await readFile(file);
    res.writeHead(200, {
      "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": body.length,
      "x-content-type-options": "nosniff",
      "cache-control": relative === "index.html" ? "no-cache" : "public, max-age=3600",
    });
    res.end(head ? undefined : body);
    return true;
  } catch {
    return false;
  }
}
