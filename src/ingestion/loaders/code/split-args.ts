/**
 * Splits `text` on `separator` where it is outside brackets and string literals, e.g. the
 * parameter list `a, b: Dict[str, int] = {"x": 1}` on ",". An "=" that is part of "==",
 * "<=", ">=" or "!=" is not a separator.
 */
export function splitTopLevel(text: string, separator: "," | "=" | ":"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === separator && depth === 0) {
      if (separator === "=" && ("=<>!".includes(text[i - 1] ?? "") || text[i + 1] === "=")) continue;
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The arguments of the call whose "(" is at `open`, as source strings; undefined if it never closes. */
export function callArguments(text: string, open: number): string[] | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      continue;
    }
    // MATLAB: a quote right after a name or bracket is a transpose, not a string.
    if (ch === "'" && /[\w)\]}.']/.test(text[i - 1] ?? "")) continue;
    if (ch === '"' || ch === "'") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch) && --depth === 0) {
      return splitTopLevel(text.slice(open + 1, i), ",").map((a) => a.trim());
    }
  }
  return undefined;
}
