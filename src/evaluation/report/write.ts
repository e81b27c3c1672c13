import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { EvalResults } from "../results.js";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";

/**
 * Writes results.json, report.md and report.html into `dir`.
 * @returns the three paths.
 */
export async function writeReports(results: EvalResults, dir: string): Promise<{ json: string; markdown: string; html: string }> {
  await mkdir(dir, { recursive: true });
  const paths = { json: join(dir, "results.json"), markdown: join(dir, "report.md"), html: join(dir, "report.html") };
  await writeFile(paths.json, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(paths.markdown, renderMarkdown(results));
  await writeFile(paths.html, renderHtml(results));
  return paths;
}
