import { IngestError } from "../../errors.js";

/** The last path segment, e.g. `makeTrapezoid.m` for `matlab/+mr/makeTrapezoid.m`. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/** Lower-cased extension with its dot (`.md`), or "" when the name has none. */
export function extensionOf(path: string): string {
  const name = baseName(path).toLowerCase();
  const dot = name.lastIndexOf(".");
  // A leading dot (".bashrc") names a file, it does not start an extension.
  return dot > 0 ? name.slice(dot) : "";
}

const decoder = new TextDecoder("utf-8");

/**
 * Decodes a text file as UTF-8, without BOM and with `\n` line ends.
 * Throws an IngestError when the bytes look binary (NUL bytes near the start).
 */
export function decodeText(path: string, bytes: Uint8Array): string {
  const probe = bytes.subarray(0, 8192);
  if (probe.includes(0)) {
    throw new IngestError({
      path,
      reason: "the file looks binary (it contains NUL bytes)",
      hint: "Only text formats are read by this loader; remove the file from the source or give it a known extension.",
    });
  }
  let text = decoder.decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.replace(/\r\n?/g, "\n");
}

/** Removes the common leading indentation of non-blank lines (like Python's textwrap.dedent). */
export function dedent(lines: string[]): string[] {
  let common = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    if (indent < common) common = indent;
  }
  if (!Number.isFinite(common) || common === 0) return lines.map((l) => l.trimEnd());
  return lines.map((line) => line.slice(common).trimEnd());
}

/** Trims blank lines at both ends of a list of lines. */
export function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}

/** Collapses runs of blank lines to one and trims the ends, so stored content stays compact. */
export function tidyText(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
