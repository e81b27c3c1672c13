/**
 * Words that carry no topic: function words, question framing ("show me", "explain") and
 * request nouns ("example"), which name the kind of answer, not what it is about.
 */
const STOP_WORDS = new Set(
  (
    "a an the and or but nor not no so if then else than that this these those there here of in on at to " +
    "for from by with without into onto over under about above below between through during before after " +
    "as is are was were be been being am do does did doing done have has had having can could should would " +
    "will shall may might must i me my mine we us our you your yours he him his she her it its they them " +
    "their what which who whom whose when where why how all any both each every few more most other some such " +
    "only own same too very just also again further once out up down off s t don doesn didn isn aren wasn " +
    "please show tell give explain describe want need know like get use using used make sure let lets " +
    "example examples sample samples snippet snippets demo demos thing things way ways something anything " +
    "hi hello hey thanks thank ok okay yes"
  ).split(" "),
);

/** Latin abbreviations that look like dotted names. */
const NOT_DOTTED = new Set(["e.g", "i.e", "etc", "vs", "cf", "a.k.a"]);

// Codes (E-1234) and numbers (3e-3, 1.5) first, so they stay one term.
const WORD = /\b[A-Za-z]{1,6}-\d+\b|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b|[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g;

/**
 * Content words of a query, lower-case, de-duplicated, in order of appearance; stop words,
 * question framing and one-letter tokens removed. Dotted names stay whole (`mr.maketrapezoid`)
 * because the retrieval coverage signal looks them up as written in chunk text.
 *
 * @example
 * extractKeyTerms("What parameters does mr.makeTrapezoid take?"); // ["parameters", "mr.maketrapezoid", "take"]
 */
export function extractKeyTerms(question: string): string[] {
  const out = new Set<string>();
  for (const [token] of question.matchAll(WORD)) {
    const t = token.toLowerCase().replace(/^\.+|\.+$/g, "");
    if (t.length < 2 && !/\d/.test(t)) continue;
    if (STOP_WORDS.has(t)) continue;
    out.add(t);
  }
  return [...out];
}

interface Pattern {
  re: RegExp;
  /** What to keep of the match; default the whole match. */
  pick?: (m: RegExpMatchArray) => string | undefined;
}

// Order matters only for tie-breaking overlaps; results are sorted by position afterwards.
const PATTERNS: Pattern[] = [
  // `code span`: whatever the user quoted as code is an identifier.
  { re: /`([^`\s]{1,80})`/g, pick: (m) => m[1]?.replace(/\(\s*\)$/, "") },
  // [BLOCKS], [RF], [SIGNATURE]: section tags of file formats.
  { re: /\[[A-Z][A-Z0-9_ -]{0,30}\]/g },
  // foo() / seq.addBlock(): the call syntax marks it as code, the name is what text contains.
  { re: /\b[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?=\(\s*\))/g },
  // mr.makeTrapezoid, pp.make_trapezoid, writeEpi.m
  { re: /\b[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\b/g },
  // E-1234, ERR-42: error and issue codes.
  { re: /\b[A-Za-z]{1,6}-\d{1,8}\b/g },
  // snake_case, SNAKE_CASE, __init__
  { re: /\b_*[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+_*/g },
  // camelCase and PascalCase with an inner capital: makeTrapezoid, ExternalSequence, PyPulseq
  // (ADCEvent counts, plural acronyms like EPIs do not)
  { re: /\b(?=[A-Za-z0-9]*(?:[a-z][A-Z]|[A-Z][A-Z][a-z]{2}))[A-Za-z][A-Za-z0-9]*\b/g },
  // letters mixed with digits: J14, B0, T1w, rot3D (ordinals like 2nd are words)
  { re: /\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])(?!\d+(?:st|nd|rd|th)\b)[A-Za-z0-9]{2,}\b/g },
];

/** A dotted name's last part, when it is an identifier by itself (`seq.addBlock` → `addBlock`). */
function lastPart(name: string): string | undefined {
  const last = name.slice(name.lastIndexOf(".") + 1);
  return /[a-z][A-Z]|_|\d/.test(last) && /[A-Za-z]/.test(last) ? last : undefined;
}

/**
 * Identifier-like tokens, as written, in order of appearance: camelCase / PascalCase with an
 * inner capital, snake_case, dotted names, letter+digit tokens, codes like `E-1234`, bracketed
 * tags like `[BLOCKS]`, calls like `foo()` (kept as `foo`) and `code spans`. A dotted name also
 * yields its last part when that is identifier-like, since source text often omits the package.
 *
 * @example
 * extractIdentifiers("Why does mr.makeTrapezoid fail with E-1234 in [BLOCKS]?");
 * // ["mr.makeTrapezoid", "makeTrapezoid", "E-1234", "[BLOCKS]"]
 */
export function extractIdentifiers(question: string): string[] {
  // Numbers like 3e-3 would read as a code (e-3) and a letter+digit token (3e); blank them, keeping offsets.
  const text0 = question.replace(/\b\d+(?:\.\d+)?[eE][-+]?\d+\b/g, (n) => " ".repeat(n.length));
  const found: Array<{ at: number; text: string }> = [];
  for (const { re, pick } of PATTERNS) {
    for (const m of text0.matchAll(re)) {
      const text = pick ? pick(m) : m[0];
      if (!text || NOT_DOTTED.has(text.toLowerCase())) continue;
      found.push({ at: m.index ?? 0, text });
      if (text.includes(".") && !text.startsWith("[")) {
        const last = lastPart(text);
        if (last) found.push({ at: (m.index ?? 0) + 0.5, text: last });
      }
    }
  }
  found.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  for (const { text } of found) {
    // A shorter match inside a longer one already kept (B0 inside make_B0_map) adds nothing.
    if (out.includes(text)) continue;
    if (out.some((o) => o.length > text.length && o.includes(text) && !isLastPart(o, text))) continue;
    out.push(text);
  }
  return out;
}

const isLastPart = (dotted: string, part: string) => dotted.includes(".") && dotted.endsWith(`.${part}`);
