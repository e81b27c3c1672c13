/**
 * A code entry's parsed structure (the code loaders' `metadata`: signature, params, returns,
 * description, examples) laid out line by line: the one rendering both the offline answerer and
 * the LLM's context use, so both see every parameter with its kind, default and description.
 */

/** What the code loaders store for an entry, as read back from a block's metadata. */
export interface EntryFacts {
  name: string;
  /** `mr.makeTrapezoid` when the loader knew the package, else the name. */
  display: string;
  language?: string;
  signature: string;
  summary?: string;
  params: ParamLine[];
  /** The returned value's first line, then one line per documented field. */
  returns: string[];
  examples: string[];
}

/** One parameter: name, kind (required, optional, name/value), default, description. */
export interface ParamLine {
  name: string;
  kind: string;
  default?: string;
  type?: string;
  description?: string;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The entry facts of a block's metadata, or null when it is not a parsed code entry. */
export function entryFacts(metadata: Record<string, unknown>): EntryFacts | null {
  const signature = str(metadata.signature);
  const name = str(metadata.name) ?? (signature && /([A-Za-z_]\w*)\s*\(/.exec(signature)?.[1]);
  if (!signature || !name || metadata.kind === "script") return null;
  const raw = Array.isArray(metadata.params) ? (metadata.params as Record<string, unknown>[]) : [];
  const params = raw.flatMap((p): ParamLine[] => {
    const pname = str(p.name);
    // A Python method's receiver is not an argument the caller passes.
    if (!pname || (metadata.language === "python" && (pname === "self" || pname === "cls"))) return [];
    let description = str(p.description);
    // MATLAB help blocks tag inputs: "[required] char, 'x'|'y'|'z'".
    const tag = description && /^\[(required|optional|name\/value)\]\s*/i.exec(description);
    if (tag) description = description!.slice(tag[0].length).trim() || undefined;
    const dflt = str(p.default);
    const kind = tag ? tag[1]!.toLowerCase() : dflt !== undefined || pname.startsWith("*") ? "optional" : "required";
    return [
      {
        name: pname,
        kind,
        ...(dflt !== undefined ? { default: dflt } : {}),
        ...(str(p.type) ? { type: str(p.type) } : {}),
        ...(description ? { description: oneLine(description) } : {}),
      },
    ];
  });
  const examples = Array.isArray(metadata.examples) ? metadata.examples.map(str).filter((e): e is string => !!e) : [];
  return {
    name,
    display: str(metadata.qualifiedName) ?? name,
    language: str(metadata.language),
    signature,
    summary: summaryOf(str(metadata.description)),
    params,
    returns: returnLines(str(metadata.returns)),
    examples,
  };
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The description's first paragraph, on one line. */
function summaryOf(description: string | undefined): string | undefined {
  const first = description?.split(/\n\s*\n/)[0];
  return first ? oneLine(first) : undefined;
}

/**
 * The returns text as lines: the value, then one line per field (`.type char, always 'trap'`),
 * continuation lines joined to the field they continue: indented ones, and prose wrapped at the
 * margin (the line before ends mid-sentence, this one goes on in lower case and heads no indented
 * description of its own, nor a name column like `peak_pwr      double`).
 */
export function returnLines(returns: string | undefined): string[] {
  if (!returns) return [];
  const out: string[] = [];
  const lines = returns.split("\n").filter((l) => l.trim());
  lines.forEach((line, i) => {
    const t = line.trim();
    const field = /^(\.|-\s|\*\s|[A-Za-z_][\w]*\s*:\s)/.test(t);
    const indented = /^\s/.test(line);
    const wrapped = /[,a-z]$/.test(out.at(-1) ?? "") && /^[a-z]/.test(t) && !/^\S+\s{2,}/.test(t) && !/^\s/.test(lines[i + 1] ?? "");
    if (out.length === 0 || field || (!indented && !wrapped)) out.push(t);
    else out[out.length - 1] = `${out[out.length - 1]} ${t}`;
  });
  return out.map(oneLine);
}

/** `- `Duration` (name/value, default `0`): double, total duration including ramps, seconds` */
export function paramLine(p: ParamLine): string {
  const kind = [p.kind, p.type, p.default !== undefined ? `default \`${p.default}\`` : undefined].filter(Boolean).join(", ");
  return `- \`${p.name}\` (${kind})${p.description ? `: ${p.description}` : ""}`;
}

/** The returns as lines: `Returns: grad struct with fields:` then `- .type char, ...`. */
export function returnsLines(facts: EntryFacts): string[] {
  const [head, ...fields] = facts.returns;
  if (!head) return [];
  return [`Returns: ${head}`, ...fields.map((f) => (/^[-*] /.test(f) ? f : `- ${f}`))];
}

/**
 * An entry laid out for reading: summary → calling pattern → parameters → returns → examples.
 * @example
 * renderEntry(facts).join("\n"); // "Create a trapezoid gradient event.\nCalling pattern: `function grad=makeTrapezoid(channel, varargin)`\nParameters:\n- `channel` (required): ..."
 */
export function renderEntry(facts: EntryFacts): string[] {
  const lines: string[] = [];
  if (facts.summary) lines.push(facts.summary);
  lines.push(`Calling pattern: \`${facts.signature}\``);
  if (facts.params.length) lines.push("Parameters:", ...facts.params.map(paramLine));
  lines.push(...returnsLines(facts));
  if (facts.examples.length) lines.push("Examples:", ...facts.examples);
  return lines;
}

/** The key of a name in any spelling: `make_trapezoid`, `makeTrapezoid` → `maketrapezoid` (as `sw_alias_key`). */
export const aliasKey = (name: string) => name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
