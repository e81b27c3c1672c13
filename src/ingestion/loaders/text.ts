import { IngestError } from "../../errors.js";
import type { LoadedSection, Loader } from "../types.js";
import { baseName, decodeText, extensionOf } from "./read-text.js";
import { SectionBuilder } from "./section-builder.js";

const EXTENSIONS = new Set([".txt", ".rst", ".text"]);
const ADORNMENT = /^([=\-~^"'`#*+:._])\1{2,}\s*$/;
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+([A-Z][^\n]{0,79})$/;

/**
 * Plain text and reStructuredText loader (`.txt`, `.rst`, `.text`, and extension-less files
 * such as README or LICENSE). Headings are underlined lines (reST `===`/`---`, with or
 * without an overline) and numbered lines like "1.2 Scope"; without any, the file is one section.
 */
export const textLoader: Loader = {
  name: "text",
  accepts(path) {
    const name = baseName(path);
    return EXTENSIONS.has(extensionOf(path)) || (extensionOf(path) === "" && !name.startsWith("."));
  },
  async load({ path, bytes }) {
    const text = decodeText(path, bytes);
    const replaced = text.match(/\uFFFD/g)?.length ?? 0;
    if (replaced > 16 && replaced > text.length / 100) {
      throw new IngestError({
        path,
        reason: "the file is not valid UTF-8 text",
        hint: "Convert it to UTF-8, or give binary formats an extension a loader knows (.pdf).",
      });
    }
    const { sections, title } = parseText(text);
    return [{ uri: path, title: title ?? baseName(path), format: "text", sections }];
  },
};

/** Splits plain text into sections at the headings it can recognise; `title` is the first heading. */
export function parseText(text: string): { sections: LoadedSection[]; title?: string } {
  const lines = text.split("\n");
  const builder = new SectionBuilder();
  // reST gives no fixed level to an adornment: the first style seen is level 1, and so on.
  const styles: string[] = [];
  const levelOf = (style: string) => {
    if (!styles.includes(style)) styles.push(style);
    return styles.indexOf(style) + 1;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const prevBlank = i === 0 || !lines[i - 1]!.trim();

    const over = ADORNMENT.exec(line);
    if (over && prevBlank && next?.trim() && lines[i + 2] !== undefined && lines[i + 2]!.trim() === line.trim()) {
      builder.heading(levelOf(`over${over[1]}`), unescape(next.trim()));
      i += 2;
      continue;
    }
    const under = next !== undefined ? ADORNMENT.exec(next) : null;
    if (under && prevBlank && isTitleText(line) && next!.trim().length >= Math.min(line.trim().length, 3)) {
      builder.heading(levelOf(`under${under[1]}`), unescape(line.trim()));
      i += 1;
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered && prevBlank && isTitleText(numbered[2]!) && !looksLikeListItem(lines, i)) {
      builder.heading(numbered[1]!.split(".").length, line.trim());
      continue;
    }
    if (!line.trim()) builder.newline(2);
    else {
      builder.raw(line);
      builder.newline(1);
    }
  }
  const sections = builder.finish();
  return { sections, ...(builder.firstHeading ? { title: builder.firstHeading } : {}) };
}

/** reST titles escape markup characters: `make\_trapezoid`. */
function unescape(title: string): string {
  return title.replace(/\\(.)/g, "$1");
}

function isTitleText(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length <= 100 && !/^\s/.test(line) && !ADORNMENT.test(t) && !/[.,;:]$/.test(t);
}

/** "1. Install it" followed straight by "2. Run it" is a list, not two headings. */
function looksLikeListItem(lines: string[], i: number): boolean {
  const next = lines[i + 1];
  return next !== undefined && /^\s*(\d+[.)]|[-*•])\s+/.test(next);
}
