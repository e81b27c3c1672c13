/**
 * Other spellings of a name or code, so that the gate does not call a term missing that the corpus
 * writes differently: `IL6` / `IL-6` / `IL 6`, `NF-kB` / `NF-κB` / `NF-kappaB`, `PPARγ` / `PPARgamma`
 * / `PPARy`, `elF3` / `eIF3` (l for I), `fox0` / `foxo` (0 for o), `iPSCderived` / `iPSC-derived`,
 * and a code qualified by a plain word (`Rad53-dependent`, `ER-localized`) by the code alone.
 * Versions and numbers are never dropped: `PostgreSQL 17` has no spelling without the 17.
 */

const GREEK: Array<[string, string, string[]]> = [
  // letter, name, Latin look-alikes writers type for it
  ["α", "alpha", ["a"]],
  ["β", "beta", ["b"]],
  ["γ", "gamma", ["g", "y"]],
  ["δ", "delta", ["d"]],
  ["ε", "epsilon", ["e"]],
  ["κ", "kappa", ["k"]],
  ["μ", "mu", ["u"]],
];

const GREEK_NAMES = new Set(GREEK.map(([, name]) => name));
/** A word that qualifies a name rather than naming anything: lower-case letters only, not a Greek letter's name. */
const isPlain = (part: string) => /^[a-z]{3,}$/.test(part) && !GREEK_NAMES.has(part);
/** A part that carries a name: a capital, a digit or a Greek letter somewhere. */
const NAMED = /[A-Z0-9\u0370-\u03ff]/;

/** The Greek letter spellings of a term: letters ↔ names, and a trailing Latin look-alike after a code. */
function greek(term: string): string[] {
  const out: string[] = [];
  for (const [letter, name, looks] of GREEK) {
    if (term.includes(letter)) out.push(term.replaceAll(letter, name));
    const byName = new RegExp(`(?<=[A-Za-z0-9-])${name}(?![a-z])|^${name}(?=\\d)`, "gi");
    if (byName.test(term)) out.push(term.replace(byName, letter));
    // PPARy, TNFa, NF-kB: one Latin letter standing for a Greek one, after an upper-case code.
    for (const look of looks) {
      const lone = new RegExp(`(?<=[A-Z]{2,}-?)${look}(?![a-z])`, "g");
      if (lone.test(term)) out.push(term.replace(lone, letter), term.replace(lone, name));
    }
  }
  return out;
}

/** Letters and digits joined, hyphenated or spaced: IL6, IL-6, IL 6 (never between two digits). */
function letterDigit(term: string): string[] {
  // A quantity glued to its unit: 400mg, 5mmol/L.
  if (/^\d+(?:\.\d+)?[A-Za-zµμ]+(?:\/[A-Za-z]+)?$/.test(term)) return [term.replace(/(?<=\d)(?=[A-Za-zµμ])/, " ")];
  if (!/[A-Za-z][- ]?\d/.test(term)) return [];
  // A digit joins the letters after it only when they are a suffix (PP2-A), not a word (Sf1-expressing).
  const joined = term.replace(/(?<=[A-Za-z])[- ](?=\d)|(?<=\d)[- ](?=[A-Za-z]{1,2}\b)/g, "");
  const hyphen = joined.replace(/(?<=[A-Za-z])(?=\d)/g, "-");
  const spaced = joined.replace(/(?<=[A-Za-z])(?=\d)/g, " ");
  return [joined, hyphen, spaced];
}

/** Glyphs a writer confuses inside a code: l for I, 0 for O (and back). */
function homoglyphs(term: string): string[] {
  // Codes only (elF3, fox0, I-carnitine): a word with a run of three lower-case letters (makeSpiralGradient) is spelled as meant.
  const code = /\d|[a-z][A-Z]|[A-Z].*[A-Z]|^[Il]-/.test(term) && !/[a-z]{3,}[A-Z]|[A-Z][a-z]{3,}/.test(term.replace(/^[Il]-/, ""));
  if (!code || /^\d/.test(term)) return [];
  const out: string[] = [];
  if (/l/.test(term)) out.push(term.replace(/l(?=[A-Z0-9-]|$)|(?<=[A-Z0-9-]|^)l/g, "I"));
  // A capital I among capitals is a letter of the code (IBP is not lBP); alone before a word it may be an l (I-carnitine).
  if (/^I-[a-z]/.test(term)) out.push(`l${term.slice(1)}`);
  if (/(?<=[A-Za-z])0|0(?=[A-Za-z])/.test(term)) out.push(term.replace(/(?<=[A-Za-z])0|0(?=[A-Za-z])/g, "o"));
  return out;
}

/** The parts of a hyphenated or camel-joined compound that name something, without plain qualifying words. */
function namedParts(term: string): string[] {
  // iPSCderived → iPSC-derived: a run of capitals glued to a lower-case word.
  // TrueFISP → True-FISP: a word glued to an acronym (camelCase identifiers, with no capitals run, stay whole).
  const split = term.replace(/(?<=[A-Z]{2}|[A-Z]\d)(?=[a-z]{4,}$)|(?<=^[A-Z][a-z]{2,})(?=[A-Z]{2,}\d*$)/g, "-");
  const parts = split.split("-");
  if (parts.length < 2) return [];
  const out = split !== term ? [split] : [];
  const kept = parts.filter((p) => !isPlain(p));
  // B-tree keeps its letter: drop the plain words only when a part of two or more characters that names something stays.
  if (kept.length < parts.length && kept.length > 0 && kept.every((p) => p.length >= 2) && kept.some((p) => NAMED.test(p))) {
    out.push(kept.join("-"));
  }
  return out;
}

/**
 * The place a capitalised word in -an or -ian names its people or things after: `Algerian` →
 * Algeria, `Iranian` → Iran. A corpus about Algeria need not write the adjective.
 */
function placeOf(term: string): string[] {
  const m = /^([A-Z][a-z]{2,}?)(i?)an$/.exec(term);
  if (!m) return [];
  return [`${m[1]}${m[2]}a`, ...(m[2] ? [m[1]!] : [])];
}

/**
 * A plain word in the other English spelling: British `colour`, `centre`, `organise`, `analyse`,
 * `licence` as American color, center, organize, analyze, license, and back. Lower-case words only.
 * @example
 * dialects("colours"); // ["colors"]
 */
export function dialects(term: string): string[] {
  const t = term.trim();
  if (!/^[a-z]{4,}$/.test(t)) return [];
  const pairs: Array<[RegExp, string]> = [
    // Two letters before: colour, odour (not four, hour, tour: "tor" is another word).
    [/(?<=[a-z]{2})our(?=s?$|ed$|ing$|ful$|ite$|ites$|able$)/, "or"],
    [/(?<=[a-z]{2})or(?=s?$|ed$|ing$|ful$|ite$|ites$|able$)/, "our"],
    [/(?<=[a-z]{3})tre(?=s?$)/, "ter"],
    [/(?<=[a-z]{3})ter(?=s?$)/, "tre"],
    [/(?<=[a-z]{2})is(?=e$|es$|ed$|ing$|ation$|ations$)/, "iz"],
    [/(?<=[a-z]{2})iz(?=e$|es$|ed$|ing$|ation$|ations$)/, "is"],
    [/(?<=[a-z]{2})ys(?=e$|es$|ed$|ing$)/, "yz"],
    [/(?<=[a-z]{2})yz(?=e$|es$|ed$|ing$)/, "ys"],
    [/ence(?=s?$)/, "ense"],
  ];
  return [...new Set(pairs.filter(([re]) => re.test(t)).map(([re, to]) => t.replace(re, to)))].filter((v) => v !== t);
}

/**
 * A plain word written closed or open: `touchscreen` as touch screen (every split into two parts of
 * three or more letters; the store finds the one the corpus writes as a phrase), `touch screen` as
 * touchscreen. Only lower-case words of 7 to 14 letters are split. For plain key terms only: a
 * name the question requires (`casefold()`) is not its words (case folding).
 * @example
 * compounds("touch screen"); // ["touchscreen"]
 */
export function compounds(term: string): string[] {
  const t = term.trim();
  if (/^[a-z]+ [a-z]+$/.test(t)) return [t.replace(" ", "")];
  if (!/^[a-z]{7,14}$/.test(t)) return [];
  const out: string[] = [];
  for (let i = 3; i <= t.length - 3; i++) out.push(`${t.slice(0, i)} ${t.slice(i)}`);
  return out;
}

/**
 * The other ways a plain key term may be written ({@link compounds}, {@link dialects}): looked up
 * for plain words only, never for a name the question requires (`casefold()` is not case folding).
 * @example
 * plainSpellings("colour"); // ["color"]
 */
export function plainSpellings(term: string): string[] {
  return [...compounds(term), ...dialects(term)];
}

/**
 * Other spellings of a name or code, the term itself excluded, de-duplicated (case-insensitive).
 * Multi-word phrases are varied word by word only where a word is a code.
 * @example
 * spellingVariants("IL6");             // ["IL-6", "IL 6"]
 * spellingVariants("Rad53-dependent"); // ["Rad53", "Rad-53", ...]
 * spellingVariants("PPARy");           // ["PPARγ", "PPARgamma"]
 */
export function spellingVariants(term: string): string[] {
  const seen = new Set([term.toLowerCase()]);
  const out: string[] = [];
  const add = (v: string) => {
    const t = v.trim();
    if (t.length >= 2 && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase());
      out.push(t);
    }
  };
  // A several-word name's hyphens as spaces (`RecQ-class DNA` as RecQ class DNA): the index stores
  // `recq-class` as one more lexeme, which the corpus need not hold when it holds the words.
  if (/\s/.test(term.trim()) && /\w-\w/.test(term)) add(term.replace(/(?<=\w)-(?=\w)/g, " "));

  // Two rounds: a qualified code's bare part gets its own spellings (NF-kB-dependent → NF-kB → NF-κB).
  let frontier = [term];
  for (let round = 0; round < 2; round++) {
    const next: string[] = [];
    for (const t of frontier) {
      for (const v of [...namedParts(t), ...greek(t), ...letterDigit(t), ...homoglyphs(t), ...placeOf(t)]) {
        if (!seen.has(v.toLowerCase())) next.push(v);
        add(v);
      }
    }
    frontier = next;
  }
  return out;
}
