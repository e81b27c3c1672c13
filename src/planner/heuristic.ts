import type { SourceProfile } from "../sources/profile.js";
import type { Intent, Plan } from "../state/types.js";
import { budgetFor, orderSources, profileThresholds } from "./budget.js";
import { FILE_LAYOUT } from "./file-format.js";
import { statedQuantities } from "../retrieval/quantities.js";
import { extractConstraints, extractIdentifiers, extractKeyTerms, IN_ACTUAL_USE } from "./terms.js";

/** One lexical cue: when `re` matches, `intent` gains `weight`, and `label` goes into the reason. */
interface Cue {
  intent: Intent;
  re: RegExp;
  weight: number;
  label: string;
  /** A task cue: it reads the request as one for an example only when the corpus has examples to give. */
  task?: true;
  /** An everyday topic: out of scope only where the corpus does not mention it ({@link everydayTopic}). */
  everyday?: true;
}

/** A request to build something new ("How would I set up a …", "I need a …"). */
const BUILD_ONE: Cue = {
  intent: "example",
  // The subject may be dropped as typed into a chat box ("need a simple …", "need to write an …").
  re: /\b(how (would|do|can|could|should) (i|we|one|you) (set up|write|build|implement|code|program) (a|an)\b|(^\s*|\bi(?:['’]d| would)? )(need|want|like) (to (write|build|implement|code|program|set up|create|make) )?(a|an)\b)/i,
  weight: 2,
  label: "asks to build one",
  task: true,
};

/** Everyday topics: out of scope for a documentation corpus, unless the corpus itself speaks of them. */
const EVERYDAY = /\b(weather|recipe|football|stock price|horoscope)\b/i;

/**
 * The everyday topic a question names (weather, a recipe), which reads it as out of scope: the
 * planner asks the corpus whether it mentions the word (a phone's world clock shows the weather).
 * @example
 * everydayTopic("world clock weather in celsius"); // "weather"
 */
export function everydayTopic(question: string): string | undefined {
  return EVERYDAY.exec(question)?.[1]?.toLowerCase();
}

// Weights: 3 = the cue alone decides, 2 = strong, 1-1.5 = a hint that other cues can outvote.
const CUES: Cue[] = [
  {
    intent: "out_of_scope",
    re: /^\s*(hi|hello|hey|yo|thanks|thank you|thx|good (morning|afternoon|evening|night)|bye|goodbye|ok(ay)?|cool|great)\b[\s!.?,]*(there|all|again|so much|a lot)?[\s!.?]*$/i,
    weight: 6,
    label: "greeting",
  },
  {
    intent: "out_of_scope",
    re: /\b(how are you|who are you|what('?s| is) your name|tell me a joke|what time is it|favou?rite (movie|food|colou?r))\b/i,
    weight: 6,
    label: "chit-chat",
  },
  // Everyday topics are out of scope only when no domain cue speaks louder (a weather API exists).
  { intent: "out_of_scope", re: EVERYDAY, weight: 2.5, label: "everyday topic", everyday: true },
  {
    intent: "comparison",
    re: /\b(compar(e|es|ed|ing|ison)|differen(ce|ces|t from)|differ|vs\.?|versus|pros and cons|trade-?offs?|which (one )?(is|should i use) (better|faster|best))\b/i,
    weight: 3,
    label: "comparison",
  },
  {
    intent: "comparison",
    re: /\b(overview of|summar(y|ize|ise)|list (all|every|the)|all (the )?(available|supported|different)|what (kinds|types|sorts) of|every (function|option|event|type))\b/i,
    weight: 2.5,
    label: "overview",
  },
  {
    intent: "debugging",
    re: /\b(errors?|exceptions?|fail(s|ed|ing|ure)?|crash(es|ed)?|bugs?|warnings?|broken|wrong|unexpected(ly)?|violat\w*|exceed\w*|troubleshoot\w*|traceback|stack trace|debug\w*|undefined|nan)\b/i,
    weight: 2,
    label: "error words",
  },
  {
    intent: "debugging",
    re: /\b(does ?n[o']t work|not working|won'?t (run|work|compile)|can'?t (get|make)|cannot|refuses? to|rejects?|too (long|short|high|large|small|fast)|fix(es|ing)?\b|why (does|do|is|am)\b.*\b(not|n't|fail|error))/i,
    weight: 2,
    label: "something goes wrong",
  },
  // "samples" alone are data ("ADC samples"); a sample of code is an example.
  {
    intent: "example",
    re: /\b(examples?|demos?|snippets?|show me|code samples?|samples?(?= (code|script|program|app|application|project|implementation)s?\b))\b/i,
    weight: 3,
    label: "asks for an example",
  },
  // Asking for the code itself: "can you give me the code?", "where's the code?", "can I see the script?".
  {
    intent: "example",
    re: /\b((give|send|share|post|write) (me|us) (the |some )?(\w+ )?(code|script|program)s?|where(['’]s| is| are) (the )?(code|script|program)s?|(see|get|have) the (code|script|program))\b/i,
    weight: 3,
    label: "asks for the code",
  },
  // Asking to see a thing in use: "I'd like to see X used in an actual sequence", "X called in a real script".
  {
    intent: "example",
    re: new RegExp(
      String.raw`\b(?:see (?:\S+ ){1,3}(?:used|in use|in action|being used|called)|where (?:is|are) (?:\S+ ){1,3}(?:used|called)|${IN_ACTUAL_USE})\b`,
      "i",
    ),
    weight: 3,
    label: "asks to see it used",
  },
  {
    intent: "example",
    re: /\b(scripts?|full code|complete code|code for|source code of|template|working code)\b/i,
    weight: 2,
    label: "asks for code",
  },
  {
    intent: "example",
    re: /\b(write|create|build|implement|program|generate)\b.*\b(sequence|script|program|pipeline)\b/i,
    weight: 1,
    label: "builds something",
  },
  // A task phrased as what the user wants to make ("How would I write that?", "I'd like a … What does
  // that look like?") asks for the thing built: the answer is an example, not an explanation.
  {
    intent: "example",
    re: /\b(how (would|do|can|could|should) (i|we|one|you) (set|write|build|implement|code|program|create|make|do|run|put) (that|it|this|these|them|such|one)\b|what (does|would) (that|it|this|such \w+) look like)/i,
    weight: 3,
    label: "asks for the thing described",
    task: true,
  },
  BUILD_ONE,
  // "I want to acquire …" states a task: a hint towards an example that a build word completes.
  // "I need to know/understand …" states a question, not a task.
  {
    intent: "example",
    re: /\bi(?:['’]d| would)? (want|need|like|wish) to\b(?! (know|understand|learn|find out|figure out|see|check|confirm|read|ask|clarify)\b)/i,
    weight: 1,
    label: "states a task",
    task: true,
  },
  {
    intent: "tutorial",
    re: /\b(tutorials?|step[- ]by[- ]step|walk ?through|walk me through|getting started|get started|beginners?|learn(ing)?|new to|introduction to|first steps?|from scratch|guide me)\b/i,
    weight: 3,
    label: "learning",
  },
  { intent: "tutorial", re: /\b(how (do|can|should|would) (i|we|one|you)|how to)\b/i, weight: 1.5, label: "how-to" },
  // A hash's or a digital signature ("the md5 signature") is data, not a function's signature.
  {
    intent: "api",
    re: /\b(param(eter)?s?|arg(ument)?s?|kwargs|(?<!\b(md5|sha-?\d*|hash|digital|cryptographic|checksum) )signatures?|name\/value|keyword)\b/i,
    weight: 3,
    label: "parameters",
  },
  {
    intent: "api",
    re: /\b(returns?|returned|return value|outputs?|inputs?|options?|defaults?|default values?|fields?(?! of view)|struct|units?|accepts?|takes?|required|optional)\b/i,
    weight: 1.5,
    label: "inputs/outputs",
  },
  { intent: "api", re: /\b(functions?|methods?|class(es)?|api|call(ing)?|properties)\b/i, weight: 1, label: "functions" },
  {
    intent: "concept",
    re: /\b(what (is|are)|what does .{1,40} mean|why|explain\w*|meaning|concepts?|defin(e|es|ed|ition)|purpose|theory|how does .{1,60} work|principle|describe)\b/i,
    weight: 1.5,
    label: "explanation",
  },
  // How a file format lays something out is the specification's to say, whichever API method writes it.
  { intent: "concept", re: FILE_LAYOUT, weight: 3, label: "asks how a file lays it out" },
  {
    intent: "concept",
    re: /\b(spec(ification)?|file format|format|standard|section|convention|raster|definition)\b/i,
    weight: 1,
    label: "specification",
  },
  // The format or its reader as the subject ("in the seq file", "the seq format", "what must an
  // interpreter do", "I'm parsing a file written by …", "entries a seq file must contain", "on the
  // [RF] line"): what the specification says, whichever API function the question also names.
  {
    intent: "concept",
    re: /\b(interpreters?|(?:pars(?:e|es|ing|er)|writing a reader for) (?:an?|the|my) (?:\.?[\w-]+ )?files?|(?:in|of|inside|within) (?:an?|the|my|each|every) \.?[\w-]+ files?|(?:an?|the|my|each|every) \.?[\w-]+ files? (?:must |should |may |can |will )?(?:contains?|holds?|has|have|includes?|stores?)|(?:on|in|of) (?:the |an? |each |every )?\[[A-Z][A-Z0-9_ -]*\] (?:lines?|sections?|entr(?:y|ies)|records?)|(?:the|a|its|this) [\w.-]+ format|format spec(?:ification)?)\b/i,
    weight: 2,
    label: "the format's file",
  },
];

/**
 * Whether a word alone is one of the planner's intent cues ("beginner", "tutorial", "example",
 * "parameters"): it says what kind of answer the question wants, not what it is about.
 * @example
 * isIntentCue("beginner"); // true
 * isIntentCue("iris"); // false
 */
export const isIntentCue = (word: string) => CUES.some((c) => c.re.test(word));

const COMPARE_API = ["api", "doc", "example"] as const;
const COMPARE_DOCS = ["doc", "api", "example"] as const;

/** Who wins a tie: the more specific intent first. */
const TIE_ORDER: Intent[] = ["out_of_scope", "debugging", "comparison", "example", "tutorial", "api", "concept"];

const CODE_LIKE = /[a-z][A-Z]|[A-Z]{2}[a-z]{2}|_|\.[A-Za-z_]/;
/** The identifier named as the means of a task: "with seq.write", "using make_trapezoid". */
const BY_MEANS = (id: string) =>
  new RegExp(`\\b(with|using|via|through|by calling)\\s+(the\\s+)?\`?(\\w+\\.)?${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i");
const ERROR_CODE = /^[A-Za-z]{1,6}-\d+$/;

/**
 * How many measured values (a number with its unit: "TE 40 ms", "a 3 mm slice", "10 degrees") make
 * a request a description of one program by its settings: where the corpus has examples, the
 * answer is the program that sets them, not an explanation or an API entry.
 */
export const PROTOCOL_VALUES = 3;

const BREADTH = /\b(all|every|each|list|entire|whole set|complete list)\b/i;

/** What the heuristic found, before budgets: the winning intent and the cues behind it. */
export interface IntentGuess {
  intent: Intent;
  scores: Record<Intent, number>;
  /** Human-readable cues that matched, e.g. `parameters("parameters")`. */
  cues: string[];
}

/**
 * Classifies a question by lexical cues. Deterministic: the same text always gives the same
 * intent, and `cues` says which words decided it. Code identifiers count towards `api`, bracketed
 * format tags (`[BLOCKS]`) towards `concept`; a question with no content words is `out_of_scope`.
 */
export function classifyIntent(
  question: string,
  identifiers = extractIdentifiers(question),
  keyTerms = extractKeyTerms(question),
  { examples = true, everyday = true }: { examples?: boolean; everyday?: boolean } = {},
): IntentGuess {
  const scores = Object.fromEntries(TIE_ORDER.map((i) => [i, 0])) as Record<Intent, number>;
  const cues: string[] = [];
  for (const cue of CUES) {
    if ((cue.task && !examples) || (cue.everyday && !everyday)) continue;
    const m = question.match(cue.re);
    if (!m) continue;
    scores[cue.intent] += cue.weight;
    cues.push(`${cue.label}("${m[0].trim().slice(0, 30)}")`);
  }
  // Code-like names point at the API; error codes at debugging; format tags at the spec. Plain
  // letter+digit tokens (J14, B0) are labels of anything, so they point nowhere.
  const code = identifiers.find((id) => CODE_LIKE.test(id));
  if (code) {
    scores.api += 1.5;
    cues.push(`identifier(${code})`);
    // "How do I build an RF pulse with makeArbitraryRf?" asks how to use the named function, not for a whole example.
    if (examples && BUILD_ONE.re.test(question) && identifiers.some((id) => CODE_LIKE.test(id) && BY_MEANS(id).test(question)))
      scores.example -= BUILD_ONE.weight;
  }
  // A request stating the settings of what it wants ("… 64 by 64 over 256 mm, TE 40 ms, TR 3 s")
  // describes a program to build: the task cue that decides, as "show me an example" does.
  const measured = examples ? statedQuantities(question).filter((q) => q.unit !== undefined) : [];
  if (measured.length >= PROTOCOL_VALUES) {
    scores.example += 3;
    cues.push(
      `states its settings(${measured
        .slice(0, 3)
        .map((q) => q.text)
        .join(", ")})`,
    );
  }
  const errorCode = identifiers.find((id) => ERROR_CODE.test(id));
  if (errorCode) {
    scores.debugging += 2;
    cues.push(`error code(${errorCode})`);
  }
  // Each section of the format named (up to two) says more that the question is about the format.
  const tags = [...new Set(identifiers.filter((id) => id.startsWith("[")))].slice(0, 2);
  for (const tag of tags) {
    scores.concept += 1.5;
    cues.push(`format tag(${tag})`);
  }
  if (keyTerms.length === 0 && identifiers.length === 0) {
    scores.out_of_scope += 6;
    cues.push("no content words");
  }
  let intent: Intent = "concept";
  let best = 0;
  for (const i of TIE_ORDER) {
    if (scores[i] > best) {
      best = scores[i];
      intent = i;
    }
  }
  return { intent, scores, cues };
}

/** Options of {@link heuristicPlan}. */
export interface HeuristicPlanOptions {
  /** The source profiles in effect; their formatters decide the source order per intent. */
  profiles: readonly SourceProfile[];
  /**
   * Whether the corpus holds examples (a source with the example formatter and documents): only then
   * does a task ("How would I set up a …?") ask for an example rather than for steps.
   * @default true
   */
  examples?: boolean;
  /**
   * Whether an everyday topic (weather, a recipe) reads the question as out of scope; false where
   * the corpus mentions the topic's word ({@link everydayTopic}).
   * @default true
   */
  everyday?: boolean;
}

/**
 * The offline planner: intent from lexical cues, then budgets from the intent and the question's
 * breadth, then every source ordered by how well its kind suits the intent. No model, no I/O.
 * Input overrides are not applied here (see `applyOverrides`).
 *
 * @example
 * ```ts
 * const plan = heuristicPlan("What parameters does mr.makeTrapezoid accept?", { profiles: loadProfiles() });
 * plan.intent;  // "api"
 * plan.top_k;   // 3
 * plan.sources; // ["api_reference", "examples", "docs"]
 * ```
 */
export function heuristicPlan(question: string, { profiles, examples = true, everyday = true }: HeuristicPlanOptions): Plan {
  const identifiers = extractIdentifiers(question);
  const keyTerms = extractKeyTerms(question);
  const guess = classifyIntent(question, identifiers, keyTerms, { examples, everyday });
  const broad = BREADTH.test(question);
  // mr.makeAdc also yields makeAdc; count the name once.
  const distinct = identifiers.filter((id) => !identifiers.some((o) => o !== id && o.endsWith(`.${id}`))).length;
  const budget = budgetFor(guess.intent, { broad, identifiers: distinct, keyTerms: keyTerms.length });
  // A comparison of functions or options is answered by the API, of ideas by the docs.
  const kinds = guess.intent === "comparison" ? (guess.scores.api > 0 ? COMPARE_API : COMPARE_DOCS) : undefined;
  const sources = guess.intent === "out_of_scope" ? [] : orderSources(guess.intent, profiles, kinds);
  const why = guess.cues.length > 0 ? guess.cues.join(", ") : "no cue matched, default";
  return {
    intent: guess.intent,
    ...budget.values,
    sources,
    key_terms: keyTerms,
    identifiers,
    constraints: extractConstraints(question),
    thresholds: profileThresholds(profiles),
    reason: `${guess.intent} (${why}); ${budget.why}`,
    planner: "heuristic",
  };
}
