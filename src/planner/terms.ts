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

/** Whether a word carries no topic (a function word, question framing or a request noun). */
export const isStopWord = (word: string) => STOP_WORDS.has(word.toLowerCase());

/** A thing asked to be seen in real use: "used in an actual sequence", "called in a real script". */
export const IN_ACTUAL_USE = String.raw`(?:used|called|in use) in (?:an? |some |any )?(?:actual|real|real-world|complete|full|working|existing|whole|practical) (?:sequence|script|program|code|example|demo|project|application)s?`;

/**
 * How users ask for code or frame a search, not what it is about: "can you give me the code",
 * "where's the script", "which script shows", "I'm trying to", "I'm looking for", "where can I find", "I'd like to see …
 * used in an actual script, is there one?". Their words are
 * not key terms ("code" stays one in "the code generator").
 */
const REQUEST_FRAME = new RegExp(
  String.raw`\b(?:(?:i['’]m|i am|we['’]re|we are) (?:trying to|looking for)|where (?:can|do|could|would|should) (?:i|we|one) find|(?:give|send|share|post|show|write) (?:me|us) (?:the |some )?(?:code|script|program)s?|where(?:['’]s| is| are) (?:the )?(?:code|script|program)s?|(?:see|get|have) the (?:code|script|program)s?|(?:which|what) (?:script|program|example|demo)s? (?:shows?|demonstrates?|does|implements?)|(?:i['’]d|i would|i) (?:like|want|love) to see|${IN_ACTUAL_USE}|is there one|are there any)\b`,
  "gi",
);

/** Latin abbreviations that look like dotted names. */
const NOT_DOTTED = new Set(["e.g", "i.e", "etc", "vs", "cf", "a.k.a", "a.m", "p.m"]);

/** A unit with a metric prefix (`kHz`, `mT`, `mV`, `dB`): its inner capital does not make it code. */
const UNIT = /^(?:[pnuµmcdkMG](?:Hz|T|V|W|A|Pa|J|s|m|g|L|B|Ohm))$/;

// Codes (E-1234) and numbers (3e-3, 1.5) first, so they stay one term.
const WORD = /\b[A-Za-z]{1,6}-\d+\b|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b|[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g;

/**
 * Content words of a query, lower-case, de-duplicated, in order of appearance; stop words,
 * question framing and one-letter tokens removed. Dotted names stay whole (`mr.maketrapezoid`)
 * because the retrieval coverage signal looks them up as written in chunk text.
 *
 * @example
 * extractKeyTerms("What parameters does mr.makeTrapezoid take?"); // ["parameters", "mr.maketrapezoid", "take"]
 * extractKeyTerms("I'm trying to build a PRESS sequence, can you give me the code?"); // ["build", "press", "sequence"]
 */
export function extractKeyTerms(question: string): string[] {
  const out = new Set<string>();
  for (const [token] of question.replace(REQUEST_FRAME, " ").matchAll(WORD)) {
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

/** `Class's member`: a possessive between two names. */
const POSSESSIVE_MEMBER = /\b([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)['’]s\s+([A-Za-z_][A-Za-z0-9_]*)\b/g;
/** A member's name written as code: snake_case or with an inner capital (`find_mat`, `addBlock`). */
const CODE_NAME = /_|[a-z][A-Z]|[A-Z]{2}[a-z]/;
/** A class's name: its last part capitalised (`mr.EventLibrary`, `Sequence`), not a function's (`mr.makeTrapezoid`) or an acronym (`MATLAB`). */
const CLASS_NAME = /(?:^|\.)[A-Z][a-z0-9][A-Za-z0-9_]*$/;

/** A dotted name's last part, when it is an identifier by itself (`seq.addBlock` → `addBlock`). */
function lastPart(name: string): string | undefined {
  const last = name.slice(name.lastIndexOf(".") + 1);
  return /[a-z][A-Z]|_|\d/.test(last) && /[A-Za-z]/.test(last) ? last : undefined;
}

/**
 * Identifier-like tokens, as written, in order of appearance: camelCase / PascalCase with an
 * inner capital, snake_case, dotted names, letter+digit tokens, codes like `E-1234`, bracketed
 * tags like `[BLOCKS]`, calls like `foo()` (kept as `foo`) and `code spans`, not units (`kHz`, `mT`). A dotted name also
 * yields its last part when that is identifier-like, since source text often omits the package.
 *
 * @example
 * extractIdentifiers("Why does mr.makeTrapezoid fail with E-1234 in [BLOCKS]?");
 * // ["mr.makeTrapezoid", "makeTrapezoid", "E-1234", "[BLOCKS]"]
 */
export function extractIdentifiers(question: string): string[] {
  // Numbers like 3e-3 would read as a code (e-3) and a letter+digit token (3e); blank them, keeping offsets.
  const text0 = question
    .replace(/\b\d+(?:\.\d+)?[eE][-+]?\d+\b/g, (n) => " ".repeat(n.length))
    // A class's method ("mr.EventLibrary's find_mat") is the dotted name, offsets kept.
    .replace(POSSESSIVE_MEMBER, (m, owner: string, member: string) =>
      CLASS_NAME.test(owner) && CODE_NAME.test(member) ? `${owner}.${member}`.padEnd(m.length) : m,
    );
  const found: Array<{ at: number; text: string }> = [];
  for (const { re, pick } of PATTERNS) {
    for (const m of text0.matchAll(re)) {
      const text = pick ? pick(m) : m[0];
      if (!text || NOT_DOTTED.has(text.toLowerCase()) || UNIT.test(text)) continue;
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

/**
 * Days and months: a value of the question's own ("every Sunday at 3 a.m.", "in March"), capitalised
 * by English, not a name the corpus must hold. A year stays required ({@link YEAR}).
 */
const CALENDAR = new Set(
  "monday tuesday wednesday thursday friday saturday sunday january february march april june july august september october november december".split(
    " ",
  ),
);

/** Capitalised words that frame a question rather than name a thing. */
const FRAMING = new Set([
  "i",
  "i'm",
  "im",
  "ok",
  "okay",
  "please",
  "hi",
  "hello",
  "hey",
  "thanks",
  "tutorial",
  "example",
  "examples",
  "walk",
  "teach",
  "show",
  "tell",
  "explain",
  "describe",
  "summarize",
  "summarise",
  "compare",
  "contrast",
  "outline",
  "define",
  "provide",
  "generate",
  "suppose",
  "assume",
  "imagine",
  "consider",
  "write",
  "create",
  "list",
  "find",
  "give",
  "help",
  "which",
  "what",
  "how",
  "why",
  "when",
  "where",
  "who",
  "is",
  "are",
  "does",
  "do",
  "can",
  "could",
  "should",
  "would",
  // Connectives opening a clause ("Besides the gradients, which arguments ..."): plain words, not names.
  "besides",
  "although",
  "though",
  "whereas",
  "however",
  "moreover",
  "furthermore",
  "additionally",
  "otherwise",
  "therefore",
  "meanwhile",
  "instead",
  "unless",
  "whether",
  "because",
  "despite",
  "regarding",
  "concerning",
  "apart",
]);
const FILE_EXT = /\.(?:m|py|ts|js|mjs|cjs|tsx|html?|md|pdf|txt|json|seq)$/i;
/** A capitalised or all-caps word (a name), possessive dropped; hyphenated names stay whole (B-tree, SARS-CoV). */
const NAME = /^(?:[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|[A-Z0-9]+)$/;
const YEAR = /^(?:19|20)\d{2}$/;
/** A sentence's first word that may be a name: one capital, then five or more lower-case letters. */
const SENTENCE_START_NAME = /^[A-Z][a-z]{5,}$/;
/** A name made into a description by a lower-case adjective or participle: `RF-spoiled`, `T1-weighted`. */
const DESCRIBED_BY_NAME = /^([A-Z][A-Za-z0-9]*|[0-9]+[A-Z][A-Za-z0-9]*)-[a-z]+(?:ed|ing|ible|able|ive|ent|ant)$/;
const VERSION = /^v?\d+(?:\.\d+){0,2}$/;
/** A number with a one-letter unit or dimension: `2D`, `3T`. */
const MEASURE = /^\d+[A-Z]$/;
/** A word as a name: possessive and surrounding punctuation dropped. */
const clean = (raw: string) => raw.replace(/['’]s$/, "").replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
/** A capitalised word of lower-case letters (`Circle`, `Windows`): a word of a title-case name. */
const TITLE_WORD = /^[A-Z][a-z]{2,}$/;
/** The lower-case words a title-case name may hold between its words (`Circle to Search`, `Bank of America`). */
const NAME_JOINER = /^(?:to|of)$/;
/** Words before "X to Y" that make it a move from one thing to another (`migrate Oracle to Postgres`), not one name. */
const MOVED =
  /\b(?:from|migrat\w*|convert\w*|mov\w*|switch\w*|port\w*|compar\w*|upgrad\w*|chang\w*|transfer\w*|export\w*|import\w*|send\w*|copy\w*|cast\w*|map\w*)\s*$/i;
/** A quoted value after a comparison (`= 'EU'`, `LIKE 'a%'`, `IN ('x', 'y')`). */
const COMPARED_VALUE = /(?:[=<>]|\b(?:LIKE|ILIKE|IN)\b)\s*\(?\s*'[^']*'(?:\s*,\s*'[^']*')*/gi;
/** A long command-line option (`--data-only`, `--if-exists`) or a backslash meta-command (`\\gexec`, `\\copy`). */
export const COMMAND_NAME = /(?<![\w\\:/.-])(?:--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|\\[a-z][a-z0-9]*)(?![\w-])/g;
/** A number standing before a unit (`45 W`, `5 V`): its one-letter capital unit is a name too. */
const NUMBER = /^\d+(?:[.,]\d+)?$/;
/** A snake_case name (`fast_ssd`, `idx_orders_customer`): how users name their tables, roles and columns. */
const SNAKE = String.raw`[a-z][a-z0-9]*(?:_[a-z0-9]+)+`;
const SNAKE_WORD = new RegExp(`^${SNAKE}$`);
const isSnake = (word: string) => SNAKE_WORD.test(word);
/** A possessive, then up to two words: the user's own thing comes next (`my fast_ssd tablespace`). */
const OWN_AFTER = /\b(?:my|our)\s+([`"']?[\w$.-]+[`"']?)(?:\s+([`"']?[\w$.-]+[`"']?))?(?:\s+([`"']?[\w$.-]+[`"']?))?/gi;
/** A sentence asking whether something exists or is provided. */
const EXISTENCE = /\b(?:is there|are there|exists?|does \w+ (?:have|ship|provide|offer|support|include))\b/i;
/** What a question calls something: the name it gives (`a rewrite rule called protect_rows`). */
const CALLED = /\b(?:called|named)\s+[`"']?([A-Za-z_][\w$]*)/gi;

/**
 * An upper-case keyword of a statement the question writes, then the name in its slot (`DROP INDEX
 * idx_events`, `OWNER TO billing_admin`), and whether a parenthesis follows it.
 */
const SLOT = /\b([A-Z]{2,})\s+(?=[`"']?([A-Za-z_][\w$]*)[`"']?(\s*\()?)/g;
/**
 * A preposition taking the thing acted on ("on payroll_entries", "logged in as etl_loader", "by
 * batch_writer"), then a snake_case name that is not a call: not "turn on X" (a setting), not "to X"
 * (what is passed to a function, or a type cast to).
 */
const OBJECT_AFTER = new RegExp(
  String.raw`(?<!\b(?:turn|turns|turned|turning|switch|switches|switched|switching|such)\s)\b(?:on|as|into|onto|from|by)\s+[\`"']?(${SNAKE})\b[\`"']?(?!\s*\(|\.)`,
  "gi",
);
/** A file system path (`/var/log/cdc/audit.out`, `./build/out`), not a pair of alternatives (`OCT3/4`, `s/mm2`). */
const FILE_PATH = /(?<![^\s'"`(])(?:~|\.{1,2})?\/[\w.-]+\/[^\s'"`)]*/g;
/** Kinds of things a user makes and names: a table, a role, a trigger (not a function, a setting or a view, which products ship too). */
const USER_KINDS =
  "table|column|role|user|trigger|slot|index|schema|database|tablespace|sequence|rule|policy|publication|subscription|partition|constraint|server|branch|remote|bucket";
/** "the trigger audit_row_change", "the departed_dev role": a name given to one of the user's things. */
const KIND_NAME = new RegExp(
  String.raw`\bthe\s+(?:(?:[a-z]+\s+)?(?:${USER_KINDS})\s+[\`"']?([A-Za-z_][\w$]*)|[\`"']?([A-Za-z_][\w$]*)[\`"']?\s+(?:${USER_KINDS})s?\b)|\b(?:${USER_KINDS})s?\s+(?:named|called)\s+[\`"']?([A-Za-z_][\w$]*)`,
  "gi",
);
/** A call and what it is passed (`lower(region_code)`, `nextval('ticket_seq'::text)`), one level of nesting inside; "Nettle (memeql_sec)" is an aside. */
const CALL = /\b[A-Za-z_][\w$.]*\(((?:[^()]|\([^()]*\))*)\)/g;
/** A snake_case name in a call's arguments that is neither called itself nor a parameter set there (`auto_reindex = on`). */
const ARGUMENT = new RegExp(String.raw`(?<![\w$.])(${SNAKE})(?![\w$]|\s*[(=])`, "g");
/** The value given to a command-line option (`--index=idx_orders_customer`). */
const OPTION_VALUE = new RegExp(String.raw`--[A-Za-z][\w-]*=[\`"']?(${SNAKE})`, "g");
/** A hexadecimal number with a digit (`B374D848` of a WAL location): a value, not a name. */
const HEX_VALUE = /\b(?=[0-9A-F]*\d)(?=[0-9A-F]*[A-F])[0-9A-F]{6,}\b/g;
/** Keywords whose slot names the product's own things: settings (`SET work_mem`), extensions, languages. */
const PRODUCT_SLOT = new Set(["SET", "RESET", "SHOW", "EXTENSION", "LANGUAGE", "USING"]);
/** Keywords whose slot names a routine the statement defines or alters, written with its parentheses. */
const ROUTINE_SLOT = new Set(["FUNCTION", "PROCEDURE", "ROUTINE", "AGGREGATE"]);

/**
 * The names a question gives its own things, which no manual writes: snake_case names after "my"
 * or "our" (`my fast_ssd tablespace`), or after "called" or "named" in a sentence about its own
 * things ("a rule called protect_rows on my accounts table"); names in the slots of a statement it
 * writes (`ALTER INDEX idx_invoices_customer_id OWNER TO billing_admin`, `DROP FUNCTION
 * purge_stale_sessions()`) or after the kind of thing it names ("the trigger audit_row_change", "the
 * departed_dev role": a table, a role, a slot; not a function, a setting or a view), but not a call
 * (`SELECT json_shuffle(a)`: a function asked about, though what it is passed is data) nor
 * a setting, an extension or a language (`SET wal_turbo`, `CREATE EXTENSION pg_cron`); and what it
 * quotes as a value it compares with (`= '64MB'`), writes inside a path (`/var/log/audit.out`), gives
 * an option (`--index=idx_orders_customer`) or writes as a hexadecimal number (`16/B374D848`).
 * A name asked about ("is there a function called array_shuffle?") is not one.
 * @example
 * ownNames("Can I drop a rule called protect_rows on my accounts table?"); // Set { "protect_rows" }
 */
export function ownNames(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(SLOT)) {
    const [, keyword, name, call] = m as unknown as [string, string, string, string | undefined];
    // A snake_case name: `MARCO v2.1` is a name and a version, not a statement's slot.
    if (PRODUCT_SLOT.has(keyword) || !isSnake(name) || (call !== undefined && !ROUTINE_SLOT.has(keyword))) continue;
    out.add(name);
  }
  for (const m of question.matchAll(KIND_NAME)) {
    const name = m[1] ?? m[2] ?? m[3]!;
    if (isSnake(name)) out.add(name);
  }
  for (const m of question.matchAll(OBJECT_AFTER)) if (m[1] === m[1]!.toLowerCase()) out.add(m[1]!);
  // What a call is passed, an option's value and a hexadecimal number are the question's data.
  for (const call of question.matchAll(CALL)) for (const m of call[1]!.matchAll(ARGUMENT)) out.add(m[1]!);
  for (const m of [...question.matchAll(OPTION_VALUE), ...question.matchAll(HEX_VALUE)]) out.add(m[1] ?? m[0]);
  for (const span of [...question.matchAll(COMPARED_VALUE), ...question.matchAll(FILE_PATH)]) {
    for (const id of extractIdentifiers(span[0])) out.add(id);
  }
  for (const sentence of question.split(/(?<=[.?!;])\s+/)) {
    // "Is there a function called array_shuffle for my arrays?" asks whether the name exists.
    const possessive = /\b(?:my|our)\b/i.test(sentence) && !EXISTENCE.test(sentence);
    for (const m of sentence.matchAll(OWN_AFTER)) {
      // The noun phrase ends at a function word ("my procedure has search_path": the product's setting).
      for (const word of m.slice(1).map((w) => w?.replace(/[`"']/g, ""))) {
        if (!word || isStopWord(word)) break;
        // A column written with its table (`tickets.ticket_no`) is the column too.
        const column = word.slice(word.lastIndexOf(".") + 1);
        if (isSnake(column)) out.add(column).add(word);
      }
    }
    if (possessive) for (const m of sentence.matchAll(CALLED)) if (isSnake(m[1]!)) out.add(m[1]!);
  }
  return out;
}

/**
 * The question's required constraints: what the evidence must mention for the answer to be about
 * the thing asked. Identifiers (the part after the package: `makeSpiralGradient`, `make_chirp_pulse`,
 * `FINGERPRINT` of `[FINGERPRINT]`), names (capitalised words not opening a sentence, runs of them
 * kept as one phrase when they are not all upper-case: `Philips Ingenia`, `Face ID`, with a version
 * number after them: `PostgreSQL 17`, or a lower-case "to"/"of" between title-case words: `Circle
 * to Search`, not `Oracle to Postgres` after "migrate"), a one-letter unit after a number (`W` of
 * `45 W`: the corpus must write in that unit at all), long command-line options and backslash
 * meta-commands (`--data-only`, `\\gexec`), and years. Other lower-case words are never
 * constraints, nor is a quoted value the question compares with (`region = 'EU'`), nor a name it
 * gives its own things ({@link ownNames}: `my fast_ssd tablespace`).
 *
 * @example
 * extractConstraints("How do I export a Pulseq sequence to Bruker ParaVision 7?"); // ["Pulseq", "Bruker ParaVision 7"]
 * extractConstraints("What parameters does mr.makeSpiralGradient take?");          // ["makeSpiralGradient"]
 */
export function extractConstraints(question: string): string[] {
  const out: string[] = [];
  const add = (c: string) => {
    const t = c.trim();
    const parts = t.split("-");
    // RANK-RANKL, PP2A-HDAC4: a compound of two names requires each name, not their hyphenated spelling.
    if (parts.length > 1 && !/\s/.test(t) && parts.every((p) => p.length >= 2 && /[A-Za-z]/.test(p) && /[A-Z0-9]/.test(p))) {
      parts.forEach(add);
      return;
    }
    if (t && !out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t);
  };
  // The names a question gives its own tables and rules are its data, not names the corpus must hold.
  const own = ownNames(question);
  const ids = extractIdentifiers(question).filter((id) => !own.has(id));
  for (const id of ids) {
    if (id.startsWith("[")) add(id.slice(1, -1));
    else if (id.includes(".")) {
      // mr.makeTrapezoid also yields makeTrapezoid (kept below); writeEpi.m is the file writeEpi.
      const bare = id.replace(FILE_EXT, "");
      if (!bare.includes(".")) add(bare);
      else if (!ids.includes(bare.slice(bare.lastIndexOf(".") + 1))) add(bare.slice(bare.lastIndexOf(".") + 1));
    } else add(id);
  }
  // A command-line option (`--data-only`) or a meta-command (`\\gexec`) the question writes is a name the corpus must hold.
  for (const m of question.matchAll(COMMAND_NAME)) add(m[0]);
  const taken = new Set(out.map((o) => o.toLowerCase()));
  // A value the question compares with (`region = 'EU'`) is its own data, not a name the corpus must hold.
  const prose = question.replace(COMPARED_VALUE, " , ");
  for (const sentence of prose.split(/(?<=[.?!:;])\s+|\n+/)) {
    const words = sentence
      .replace(/[`"“”()[\]{},]/g, " , ")
      .split(/\s+/)
      .filter(Boolean);
    let run: string[] = [];
    let describes = false;
    const flush = () => {
      const names = run.filter((w) => !VERSION.test(w));
      if (names.length > 0) {
        const allCaps = names.every((w) => w === w.toUpperCase());
        // SQL keywords in a row (RESTART IDENTITY CASCADE) are separate words; proper names are one phrase.
        // A run holding a description (RF-spoiled 2D) is words side by side, not one proper name.
        if (allCaps || run.length > 3 || describes)
          for (const w of names) {
            if (!taken.has(w.toLowerCase())) add(w);
          }
        else if (!taken.has(run.join(" ").toLowerCase())) add(run.join(" "));
      }
      run = [];
      describes = false;
    };
    words.forEach((raw, i) => {
      const w = clean(raw);
      const first = i === 0 || /^[^A-Za-z0-9]*$/.test(words.slice(0, i).join(""));
      // RF-spoiled, T1-weighted, ICE-compatible describe the thing asked about by a name: the name is
      // required, the description (lower-case, like any plain word) is not.
      const described = DESCRIBED_BY_NAME.exec(w);
      if (described) {
        run.push(described[1]!);
        describes = true;
        return;
      }
      if (YEAR.test(w)) {
        flush();
        add(w);
        return;
      }
      if (run.length > 0 && VERSION.test(w)) {
        run.push(w);
        flush();
        return;
      }
      // A quantity's unit is what the question asks the corpus to hold (`45 W` charging), whatever the
      // number: one capital letter after a number names a unit (W, V), while `A`, `I` elsewhere are words.
      if (run.length === 0 && /^[A-Z]$/.test(w) && i > 0 && NUMBER.test(words[i - 1]!)) {
        if (!taken.has(w.toLowerCase())) add(w);
        return;
      }
      // "Circle to Search", "Link to Windows": a feature's title-case name holding a lower-case "to" or "of".
      if (TITLE_WORD.test(run.at(-1) ?? "") && NAME_JOINER.test(raw) && TITLE_WORD.test(clean(words[i + 1] ?? ""))) {
        const before = words.slice(0, Math.max(0, i - run.length)).join(" ");
        if (!MOVED.test(before)) {
          run.push(raw);
          return;
        }
      }
      const isName =
        w.length >= 2 &&
        NAME.test(w) &&
        !FRAMING.has(w.toLowerCase()) &&
        !STOP_WORDS.has(w.toLowerCase()) &&
        !CALENDAR.has(w.toLowerCase()) &&
        /[A-Za-z]/.test(w);
      // A count with a unit letter (2D, 3T, 7T) describes the thing a name after it names: words side by side.
      if (isName && MEASURE.test(w)) describes = true;
      if (isName && !(first && !/[A-Z].*[A-Z]/.test(w))) {
        run.push(w);
        // "Drosophila's Sfmbt": a possessive ends its name; the owner and the owned are two names.
        if (/['’]s$/.test(raw.replace(/[^A-Za-z0-9'’]+$/, ""))) flush();
      } else {
        flush();
        // A capitalised word opening a sentence may be a name (Teplizumab delays ...) or a plain word
        // (Increased ...): required either way, it costs nothing when the corpus has it.
        if (isName && first && SENTENCE_START_NAME.test(w) && !taken.has(w.toLowerCase())) add(w);
      }
    });
    flush();
  }
  return out;
}
