/**
 * Quantities a question states ("TE 5 ms", "a 10 degree flip", "7 slices", "6/8 partial Fourier")
 * and the numbers a program writes (`TE=5e-3;`, `alpha=10;`, `TE=[4.38 6.84 12]*1e-3;`): a request
 * that describes a protocol by its values names the one example program of several near-twins that
 * sets them.
 */

/** A number the question states and the values a program may write it as. */
export interface StatedQuantity {
  /** As the question writes it ("5 ms"). */
  text: string;
  /** In SI units (degrees as degrees, counts as counts); a ratio for a fraction. */
  values: number[];
  /** What it is a quantity of, as stems: the word before it ("TE 5 ms") and the words after its unit ("7 slices", "10 degree flip"). */
  labels: string[];
  /** Its unit as written ("ms", "degree"), when it has one. */
  unit?: string;
}

/** Units by the factor to SI, as programs write them (`TE=5e-3`; a comment's "5 ms" is read as stated). */
const UNIT_SCALE: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  ms: 1e-3,
  msec: 1e-3,
  millisecond: 1e-3,
  milliseconds: 1e-3,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  usec: 1e-6,
  microsecond: 1e-6,
  microseconds: 1e-6,
  mm: 1e-3,
  cm: 1e-2,
  hz: 1,
  khz: 1e3,
  mhz: 1e6,
  ppm: 1,
  deg: 1,
  degree: 1,
  degrees: 1,
  "°": 1,
};

/** How far a program's value may be from the stated one: "TE just over 4 ms" is `TE=4.3e-3`. */
export const QUANTITY_TOLERANCE = 0.1;

// A number not glued to a word before it (`T1`, `B0`, `gx2`): digits, a decimal part, a fraction (`6/8`).
const NUMBER = /(?<![\p{L}\p{N}_.])(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+(?:\.\d+)?))?(?![.,]?\d)/gu;
// What may follow a number as its unit (`5 ms`, `5ms`, `90°`), or a word glued to it that makes it a name (`2D`, `3T`).
const AFTER = /^\s*(°|[\p{L}µμ]+)/u;
// Between two numbers of one list whose unit comes last ("4, 7 and 12 ms").
const LIST_GAP = /^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|to\s+|-\s*)$/i;

/**
 * The quantities a text states: each number with its unit when one follows it or ends its list, a
 * fraction also as its ratio. Numbers glued to a word (`2D`, `T1`, `B0`) are names, not quantities.
 *
 * @example
 * statedQuantities("minimal FLASH: TE 5 ms, TR 12 ms, 10 degree flip, 6/8 partial Fourier").map((q) => q.values);
 * // [[0.005], [0.012], [10], [0.75]]
 */
export function statedQuantities(text: string): StatedQuantity[] {
  const found: { text: string; value: number; unit?: string; end: number; start: number; glued: boolean; labels: string[] }[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index;
    const end = start + m[0].length;
    const value = m[2] !== undefined ? Number(m[1]) / Number(m[2]) : Number(m[1]);
    if (!Number.isFinite(value) || (m[2] !== undefined && Number(m[2]) === 0)) continue;
    const after = AFTER.exec(text.slice(end));
    const word = after?.[1]?.toLowerCase();
    const unit = word !== undefined && word in UNIT_SCALE ? word : undefined;
    // Glued to a word that is no unit ("2D", "3T", "1st"): a name or an ordinal.
    const glued = after !== null && after[0] === after[1] && unit === undefined;
    const to = unit ? end + after![0].length : end;
    const labels = [...labelBefore(text.slice(0, start)), ...labelsAfter(text.slice(to))];
    found.push({ text: unit ? `${m[0]} ${after![1]}` : m[0], value, unit, start, end: to, glued, labels });
  }
  // A list's unit comes after its last number: "4, 7 and 12 ms".
  for (let i = found.length - 2; i >= 0; i--) {
    const here = found[i]!;
    const next = found[i + 1]!;
    // A number with a unit of its own ends a list ("TR 12 ms, 6/8 partial Fourier").
    if (!here.glued && !here.unit && LIST_GAP.test(text.slice(here.end, next.start))) {
      here.unit = next.unit;
      here.labels = [...new Set([...here.labels, ...next.labels])];
    }
  }
  return found
    .filter((q) => !q.glued)
    .map((q) => {
      const scale = q.unit ? UNIT_SCALE[q.unit]! : 1;
      return { text: q.text, values: [q.value * scale], labels: q.labels, ...(q.unit ? { unit: q.unit } : {}) };
    });
}

/** Words that say nothing of what a number counts or measures. */
const FILLER = new Set(
  "a an the of to at in on for with and or by from over under about around roughly approximately just only some each every per than then is are be its their of is was".split(
    " ",
  ),
);

/** A label word's stem: lower case, a plural's -s or -es dropped. */
const stemOf = (word: string) =>
  word
    .toLowerCase()
    .replace(/(?<=\w{2})ies$/, "y")
    .replace(/(?<=\w{2}(?:s|x|ch|sh))es$/, "")
    .replace(/(?<=\w{2}[^s])s$/, "");

/** The first word before a number in its clause that is neither filler nor a unit, within three words ("TE just over 4 ms" → te). */
function labelBefore(text: string): string[] {
  const clause = text.split(/[,;:()[\]]/).at(-1) ?? "";
  const words = clause
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(-3)
    .reverse();
  const word = words.find((w) => !FILLER.has(w.toLowerCase()) && !(w.toLowerCase() in UNIT_SCALE) && /^\p{L}/u.test(w));
  return word ? [stemOf(word)] : [];
}

/** Up to two words after a number (and its unit), before any punctuation or filler ("7 slices", "10 dummy spokes"; not the TR of "4 ms and TR 10 ms"). */
function labelsAfter(text: string): string[] {
  const clause = /^[\s\p{L}-]*/u.exec(text)?.[0] ?? "";
  const words = clause
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2);
  const end = words.findIndex((w) => FILLER.has(w.toLowerCase()));
  return (end < 0 ? words : words.slice(0, end)).map(stemOf);
}

/** The stems a variable's name says (`Ndummy` → n, dummy, ndummy; `flip_angle_deg` → flip, angle, deg). */
export function nameStems(name: string): string[] {
  const parts = name
    .split(/_+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter(Boolean)
    .flatMap((p) => (/^[Nn][a-z]{3,}$/.test(p) ? [p, p.slice(1)] : [p]));
  return [...new Set([...parts, name].map(stemOf))];
}

// A numeric literal in code: `5`, `4.3e-3`, `.5`, not part of a name (`gx2`, `x1e3`).
const LITERAL = /(?<![\p{L}\p{N}_.])(\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?(?![\p{L}_])/giu;
// A bracketed list scaled as a whole: `[4.38 6.84 12]*1e-3`.
const SCALED_LIST = /\[([^\]]{1,200})\]\s*\*\s*(\d+\.?\d*(?:e[-+]?\d+)?)/gi;
// A product or ratio of two literals: `5*1e-3`, `6/8`, `10/1000`.
const PRODUCT = /(?<![\p{L}\p{N}_.])(\d+\.?\d*(?:e[-+]?\d+)?)\s*([*/])\s*(\d+\.?\d*(?:e[-+]?\d+)?)(?![\p{L}\p{N}_])/giu;

// An assignment or a default: `TE=5e-3;`, `n_slices = 7`, `ti: float = 140e-3` (`'Duration', 3e-3` is none).
const ASSIGNMENT = /\b([A-Za-z_]\w*)\s*(?::\s*[A-Za-z_][\w.[\], ]{0,40}?)?\s*=(?!=)\s*([^;\n]{1,200})/g;

/** The numbers of a piece of code: literals, products and ratios of two (`5*1e-3`, `6/8`), a scaled list's elements. */
function codeNumbers(code: string): number[] {
  const values: number[] = [];
  for (const m of code.matchAll(LITERAL)) values.push(Number(m[0]));
  for (const m of code.matchAll(SCALED_LIST)) {
    const scale = Number(m[2]);
    for (const element of m[1]!.matchAll(LITERAL)) values.push(Number(element[0]) * scale);
  }
  for (const m of code.matchAll(PRODUCT)) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    if (m[2] === "*" || b !== 0) values.push(m[2] === "*" ? a * b : a / b);
  }
  return values;
}

/**
 * The numbers a program's text writes, each with the stems of what names it: the variable it is
 * assigned to (`TE=5e-3` → te) or what a comment says it is ("% 10 dummy scans" → dummy, scan);
 * none for a bare literal. Products, ratios and scaled lists count (`[4.38 6.84 12]*1e-3`).
 *
 * @example
 * writtenValues("TE=[4.38 6.84 12]*1e-3; alpha=10; % TR 20 ms").get(0.00684); // Set { "te" }
 */
export function writtenValues(code: string): Map<number, Set<string>> {
  const values = new Map<number, Set<string>>();
  const add = (v: number, names: readonly string[]) => {
    if (!Number.isFinite(v)) return;
    const set = values.get(v) ?? new Set<string>();
    for (const n of names) set.add(n);
    values.set(v, set);
  };
  for (const v of codeNumbers(code)) add(v, []);
  for (const m of code.matchAll(ASSIGNMENT)) for (const v of codeNumbers(m[2]!)) add(v, nameStems(m[1]!));
  for (const q of statedQuantities(code)) for (const v of q.values) add(v, q.labels);
  return values;
}

/** What a value a program writes counts for when it is not named as the question names it. */
export const UNNAMED_VALUE = 0.5;

/**
 * How surely a program writing `written` sets the stated quantity, within {@link QUANTITY_TOLERANCE}:
 * 1 when the value is named as the question names it (`TE=5e-3` for "TE 5 ms"), {@link UNNAMED_VALUE}
 * when it is written under another name or none, 0 when it is not written.
 */
export function writesQuantity(written: ReadonlyMap<number, ReadonlySet<string>>, quantity: StatedQuantity): number {
  let best = 0;
  for (const v of quantity.values)
    for (const [w, names] of written) {
      if (v === 0 ? w !== 0 : Math.abs(w - v) > QUANTITY_TOLERANCE * Math.abs(v)) continue;
      if (quantity.labels.some((l) => names.has(l))) return 1;
      best = UNNAMED_VALUE;
    }
  return best;
}

/**
 * For programs that could answer one request, how much of what the question states each one sets:
 * each stated quantity counts by how surely a program sets it ({@link writesQuantity}) times how few
 * of the programs set it that surely (1 when one does; about 0 when all do, as `1` or `90` may),
 * summed and divided by the number of quantities stated. 0 for every
 * program when the question states none or there are fewer than two programs.
 *
 * @example
 * quantityScores("GRE, TE 5 ms, TR 12 ms", new Map([["a.m", "TE=5e-3; TR=12e-3;"], ["b.m", "TE=4.3e-3; TR=30e-3;"]]));
 * // Map { "a.m" => 1, "b.m" => 0 }
 */
export function quantityScores(question: string, programs: ReadonlyMap<string, string>): Map<string, number> {
  const stated = statedQuantities(question);
  const scores = new Map([...programs.keys()].map((k) => [k, 0]));
  const n = programs.size;
  if (stated.length === 0 || n < 2) return scores;
  const written = new Map([...programs].map(([k, text]) => [k, writtenValues(text)]));
  for (const q of stated) {
    const sureness = new Map([...written].map(([k, values]) => [k, writesQuantity(values, q)]));
    const holders = [...sureness].filter(([, x]) => x > 0);
    // Named as asked is rarer than the bare value (`TE=5e-3` beside every `5e-3` duration): each counts by its own rarity.
    const named = holders.filter(([, x]) => x === 1).length;
    const rarity = (holding: number) => Math.log((n + 1) / holding) / Math.log(n + 1);
    for (const [k, x] of holders) scores.set(k, scores.get(k)! + (x * rarity(x === 1 ? named : holders.length)) / stated.length);
  }
  return scores;
}
