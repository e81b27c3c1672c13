import { IngestError } from "../../errors.js";
import type { Loader } from "../types.js";
import { entryToSection, type CodeEntry } from "./code/entry.js";
import { parseMatlab } from "./code/matlab.js";
import { parsePython } from "./code/python.js";
import { parseTypeScript } from "./code/typescript.js";
import { baseName, decodeText, extensionOf } from "./read-text.js";

const LANGUAGES: Record<string, string> = {
  ".m": "matlab",
  ".py": "python",
  ".pyi": "python",
  ".ts": "typescript",
  ".tsx": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "javascript",
  ".jsx": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
};

/**
 * Source-code loader (MATLAB `.m`, Python `.py`, TypeScript/JavaScript): one section per
 * function, class or method, titled by name (methods under `[Class, method]`), with
 * `metadata: { language, kind, name, signature, params, returns?, description }`. The content
 * is the doc comment then the code, long bodies cut after 60 lines; scripts are kept whole.
 *
 * @example
 * const [doc] = await codeLoader.load({ path: "+mr/makeTrapezoid.m", bytes });
 * doc.sections[0].metadata; // { language: "matlab", kind: "function", name: "makeTrapezoid", ... }
 */
export const codeLoader: Loader = {
  name: "code",
  accepts: (path) => extensionOf(path) in LANGUAGES,
  async load({ path, bytes }) {
    const source = decodeText(path, bytes);
    const ext = extensionOf(path);
    let language = LANGUAGES[ext] ?? "text";
    let parsed: { entries: CodeEntry[]; description: string };
    try {
      if (ext === ".m" && isObjectiveC(source)) {
        language = "objective-c";
        parsed = { entries: [wholeFile(path, source)], description: "" };
      } else if (language === "matlab") parsed = parseMatlab(path, source);
      else if (language === "python") parsed = parsePython(path, source);
      else parsed = await parseTypeScript(path, source);
    } catch (cause) {
      throw new IngestError({
        path,
        reason: `the ${language} parser failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        hint: "Check that the file is valid source code; rename it to .txt to index it as plain text.",
        cause,
      });
    }
    return [
      {
        uri: path,
        title: baseName(path),
        format: "code",
        sections: parsed.entries.map((entry) => entryToSection(entry, language)),
        metadata: { language, ...(parsed.description ? { description: parsed.description } : {}) },
      },
    ];
  },
};

/** `.m` is also Objective-C; its sources are not MATLAB and are kept as one block. */
function isObjectiveC(source: string): boolean {
  return /^\s*(#import|#include|@implementation|@interface)\b/m.test(source);
}

function wholeFile(path: string, source: string): CodeEntry {
  const name = baseName(path);
  return {
    kind: "script",
    name,
    path: [name],
    signature: name,
    doc: "",
    code: source.split("\n"),
    params: [],
    description: "",
    whole: true,
  };
}
