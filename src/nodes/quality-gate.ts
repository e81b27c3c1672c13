import { aliasKey } from "../generation/api-entry.js";
import { aliasNames } from "../retrieval/aliases.js";
import { tenantSynonyms, withSynonymsOf } from "../retrieval/mined-synonyms.js";
import type { SynonymIndex } from "../retrieval/synonyms.js";
import { runLookups } from "../context/run-lookups.js";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { isNonSubstantive, usableEvidence } from "../evidence/evidence.js";
import { excusedConstraint, isClaim } from "../evidence/claims.js";
import { commandGaps, writesWhole } from "../evidence/command-names.js";
import { unwrittenKeywordRuns } from "../evidence/keyword-runs.js";
import {
  absent,
  corpusGaps,
  countedTerm,
  decide,
  gateLookup,
  gateSignals,
  notCovered,
  unmentionedNote,
  phraseGaps,
  presentSpelling,
  standsOut,
  type Evidence,
} from "../evidence/judge.js";
import { plainSpellings, spellingVariants } from "../evidence/spelling.js";
import { hasIdentifier, keyStems, stem, termSet } from "../generation/text.js";
import { isIntentCue } from "../planner/heuristic.js";
import { escapeRegExp } from "../retrieval/synonyms.js";
import { requirePlan } from "../planner/require-plan.js";
import { NAME_OF_WORDS, namePattern } from "../storage/store.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/**
 * Whether the texts mention a term: its one word as a stem, or its words as a phrase, in order, in
 * one text; a name of capitalised words ({@link NAME_OF_WORDS}) as written ({@link namePattern}),
 * a command-line option or a meta-command (`--data-only`, `\\gexec`) as written and whole, as
 * `sw_term_presence` looks for it.
 */
function mentionedIn(texts: readonly string[]): (term: string) => boolean {
  const sets = texts.map((t) => termSet(t));
  const sequences = texts.map((t) => (t.match(/[A-Za-z0-9_]+/g) ?? []).map(stem).join(" "));
  return (term) => {
    // "quickly ships" holds the stems of Quick Ship, not the name.
    if (NAME_OF_WORDS.test(term)) {
      const name = namePattern(term);
      return texts.some((t) => name.test(t));
    }
    // "rows matching" holds the words of `--rows-matching`, not the option.
    if (/^(?:--|\\)[A-Za-z]/.test(term)) return writesWhole(texts, term);
    const stems = keyStems(term.split(/[\s/-]+/).filter(Boolean));
    if (stems.length === 1) return sets.some((set) => set.has(stems[0]!));
    // PostgreSQL 17 is not mentioned by a text with PostgreSQL in one place and 17 in another.
    const phrase = ` ${(term.match(/[A-Za-z0-9_]+/g) ?? []).map(stem).join(" ")} `;
    return sequences.some((seq) => ` ${seq} `.includes(phrase));
  };
}

/**
 * Whether a one-word constraint is a planner intent cue opening a sentence of the question
 * ("Beginner here: …"): a capitalised plain word, not a name. A name holding a cue word mid-sentence
 * (`Single Take`, `Bixby Text Call`) is still a name.
 * @example
 * opensWithCue("Beginner", "Beginner here: what does DELETE do?"); // true
 */
export function opensWithCue(constraint: string, question: string): boolean {
  if (/\s/.test(constraint) || !isIntentCue(constraint)) return false;
  return new RegExp(`(?:^|[.?!:;]\\s+)${escapeRegExp(constraint)}\\b`).test(question.trim());
}

/**
 * The required names the question writes in parentheses right after another required name, each
 * with that name (`PROPELLER (BLADE)`: BLADE → PROPELLER): another name for the same thing, which
 * the corpus need not hold when it holds the name before it. "arterial spin labeling (pCASL)"
 * has no such name before (lower-case words are not required), so pCASL stays required.
 * @example
 * parenthesisedAliases("a PROPELLER (BLADE) sequence", ["PROPELLER", "BLADE"]); // Map { "BLADE" => "PROPELLER" }
 */
export function parenthesisedAliases(question: string, constraints: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of question.matchAll(/([A-Za-z0-9][\w-]*)\s*\(([^()]{1,40})\)/g)) {
    const name = constraints.find((c) => c.toLowerCase() === m[1]!.toLowerCase() || c.toLowerCase().endsWith(` ${m[1]!.toLowerCase()}`));
    const alias = constraints.find((c) => c.toLowerCase() === m[2]!.trim().toLowerCase());
    if (name && alias && name !== alias) out.set(alias, name);
  }
  return out;
}

/** A name as the question writes it, split where its case or digits change (`TrueFISP` → True FISP). */
function asWrittenWords(term: string, question: string): string | undefined {
  const written = (question.match(/[A-Za-z0-9]+/g) ?? []).find((w) => w.toLowerCase() === term.toLowerCase() && w !== w.toLowerCase());
  const split = written
    ?.replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return split && split.includes(" ") ? split : undefined;
}

/**
 * The share of the key terms the texts hold the way retrieval finds them: as written, under a
 * synonym (mined abbreviations, the configured map), in another spelling ({@link spellingVariants},
 * {@link plainSpellings}) or with the words of a name the question writes joined
 * (`TrueFISP` in "True-FISP").
 * 0 when there is no text.
 */
function spelledCoverage(keyTerms: readonly string[], question: string, texts: readonly string[], synonyms: SynonymIndex): number {
  const byStem = new Map(keyTerms.map((t) => [stem(t.trim()), t] as const).filter(([s]) => s));
  if (byStem.size === 0 || texts.length === 0) return 0;
  const mentioned = mentionedIn(texts.map((t) => withSynonymsOf(t, synonyms)));
  const covered = [...byStem.values()].filter((t) => {
    const split = asWrittenWords(t, question);
    return mentioned(t) || (split !== undefined && mentioned(split)) || [...spellingVariants(t), ...plainSpellings(t)].some(mentioned);
  });
  return covered.length / byStem.size;
}

/**
 * The `qualityGate` node: judges this round's evidence over the plan's top_k results and key
 * terms: "strong" (answer), "broaden" (weak, and a round is left: search once more, wider),
 * "weak" (answer candidly) or "clarify" (nothing relevant: ask). Cover, contents and reference
 * pages never count as strong evidence. Rounds are `state.attempt`, capped by `gate.maxRetries`.
 * A required constraint of the question (plan.constraints) that no indexed document of the tenant
 * mentions means "clarify", naming it (`gate.missing`), rather than an answer from a near miss.
 *
 * @example
 * const { gate } = await qualityGate(state, { context });
 * gate.decision; // "strong" | "broaden" | "weak" | "clarify"
 */
export async function qualityGate(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const { settings, store, tenant } = runContext(config);
  const plan = requirePlan(state, "qualityGate");
  // What the expander kept of each document (its sections, its parts or the whole of it), once per document.
  const kept = new Map<string, string>();
  for (const b of state.context) kept.set(b.document_id, kept.has(b.document_id) ? `${kept.get(b.document_id)}\n${b.text}` : b.text);
  const evidence: Evidence[] = usableEvidence(state.ranked, settings.gate.nearMisses).map((r) => {
    const around = kept.get(r.documentId);
    return {
      relevance: r.relevance,
      text: `${r.docTitle} ${r.sectionTitle ?? ""} ${r.content}`,
      substantive: !isNonSubstantive(r.metadata),
      ...(r.named ? { named: true } : {}),
      ...(around !== undefined ? { around } : {}),
    };
  });
  // Expanded blocks hold the whole section around a matched chunk: key terms found there count too.
  const expanded = state.context.filter((b) => !isNonSubstantive(b.metadata)).map((b) => `${b.title} ${b.section ?? ""} ${b.text}`);
  const signals = gateSignals(evidence, plan.key_terms, settings.gate, plan.top_k, expanded);
  // How far the top passage stands above the best one of another section or document.
  const byScore = [...state.ranked].sort((a, b) => b.relevance - a.relevance);
  const place = (r: (typeof byScore)[number]) => `${r.documentId}\u0000${r.sectionTitle ?? ""}`;
  const other = byScore.find((r) => byScore[0] && place(r) !== place(byScore[0]));
  if (other) signals.runner_up = other.relevance;
  const lookups = runLookups(store, tenant, state.run_id);
  const synonyms = await tenantSynonyms(store, tenant, settings.retrieval.synonyms, lookups.generation);
  signals.key_term_coverage = Math.max(
    signals.key_term_coverage,
    spelledCoverage(
      plan.key_terms,
      state.standalone_question,
      [...evidence.filter((e) => e.substantive).map((e) => e.text), ...expanded],
      synonyms,
    ),
  );
  if (plan.identifiers.length > 0) {
    const top = evidence
      .filter((e) => e.substantive)
      .sort((a, b) => b.relevance - a.relevance)
      .slice(0, 3);
    // An entry the alias index matched by name (`pp.make_trapezoid` → `make_trapezoid`) holds the identifier, spelled its own way.
    const named = new Set(
      state.ranked
        .slice(0, 3)
        .filter((r) => r.alias)
        .map((r) => aliasKey(String(r.metadata.name))),
    );
    const byAlias = (id: string) => aliasNames([id]).some((n) => named.has(aliasKey(n)));
    signals.identifier_coverage =
      plan.identifiers.filter((id) => top.some((e) => hasIdentifier(e.text, id)) || byAlias(id)).length / plan.identifiers.length;
  }
  // A required name or identifier that no indexed document mentions: the corpus does not cover the
  // question, whatever near miss scored well. Looked up once per question (the first round).
  // A question naming an indexed entry (alias index, or its name or title verbatim) is about that entry:
  // its other words ("arguments", "accept") are framing.
  const namesEntry = state.ranked.slice(0, 3).some((r) => r.alias) || evidence.some((e) => e.named);
  const asked = state.attempt === 0 ? gateLookup(plan, namesEntry) : undefined;
  // What the evidence mentions, under another name too: mined abbreviations and configured synonyms (`True-FISP` holds TrueFISP).
  const mentioned = mentionedIn(evidence.map((e) => withSynonymsOf(e.text, synonyms)));
  let missing: string[] = [];
  if (asked) {
    const { terms, spellings, lookup } = asked;
    // The language of the code in the evidence is covered ("in Python" over Python entries), whatever the text says.
    const languages = new Set(state.ranked.map((r) => r.metadata.language).filter((l): l is string => typeof l === "string"));
    const inLanguage = (t: string) => languages.has(t.toLowerCase());
    // A claim naming a gene code the corpus writes another way, or a name the question spells out itself, is not uncovered.
    const claim = {
      ...settings.gate,
      question: state.standalone_question,
      identifiers: plan.identifiers,
      keyTerms: plan.key_terms,
      evidence,
    };
    // The planner asked for these while the query embedded (`runLookups`).
    const asWritten = await lookups.termPresence(lookup);
    const presence = presentSpelling(asWritten, spellings);
    const held = (name: string) => presence.some((p) => p.phrase === name && p.lexemes.length > 0 && !absent(p));
    // Every word indexed, never in that order, as written or spelled another way (`RecQ-class DNA` as RecQ class DNA).
    const wordsIndexed = (name: string) =>
      [name, ...(spellings.get(name) ?? [])].some((s) => asWritten.some((p) => p.phrase === s && p.minDf > 0 && p.phraseFound === false));
    const aliases = parenthesisedAliases(state.standalone_question, plan.constraints);
    // Two names the question gives one thing (`Vaccine Alliance (GAVI)`): the corpus holding either will do.
    const otherName = (c: string) => aliases.get(c) ?? [...aliases].find(([, name]) => name === c)?.[0];
    missing = corpusGaps(
      presence,
      // "Beginner here:" opens with an intent cue, not a name: it says what kind of answer is wanted.
      plan.constraints.filter(
        (c) =>
          !opensWithCue(c, state.standalone_question) &&
          !excusedConstraint(c, { ...claim, wordsIndexed }) &&
          !(otherName(c) && held(otherName(c)!)),
      ),
      terms,
      settings.gate,
      (t) => mentioned(t) || inLanguage(t) || (spellings.get(t) ?? []).some(mentioned),
      state.standalone_question,
    );
    // What a "how many" question counts ("how many watts") in no document: the corpus gives no such figure.
    const counted = missing.length === 0 ? countedTerm(state.standalone_question, terms) : undefined;
    if (counted !== undefined) {
      const row = presence.find((p) => p.phrase === counted);
      if (row && absent(row) && ![counted, ...(spellings.get(counted) ?? [])].some(mentioned)) missing = [counted];
    }
    // An option of no lexeme (`--where`: a stop word) has no postings to look it up by; the evidence
    // as expanded (its command's page, when the corpus documents the command) must write it.
    const unlooked = plan.constraints.filter((c) => c.startsWith("--") && asWritten.some((p) => p.phrase === c && p.lexemes.length === 0));
    if (missing.length === 0 && unlooked.length > 0) {
      const context = evidence.map((e) => `${e.text}\n${e.around ?? ""}`);
      const unwritten = unlooked.filter((c) => !writesWhole(context, c));
      if (unwritten.length > 0) missing = unwritten;
    }
    // Keywords the corpus writes, never in that order (`INSERT IGNORE`, `SELECT TOP`): syntax it does not have.
    // A request for an example program describes it (`modelled on the Siemens BOLD EPI`): its capitals are names, not syntax.
    if (missing.length === 0 && plan.intent !== "example") {
      const runs = await unwrittenKeywordRuns(state.standalone_question, lookups, store, tenant, mentioned);
      if (runs.length > 0) missing = runs;
    }
  }
  // Commands the corpus's command family does not document, or syntax their pages never write (first round).
  if (state.attempt === 0 && missing.length === 0) {
    missing = await commandGaps({ store, tenant }, lookups, state.standalone_question, plan.constraints, mentioned);
  }
  // A name no document holds among twenty or more details of a long request is one detail: answer, and say so.
  const details = missing.length > 0 && missing.length < settings.gate.detailShare * plan.key_terms.length ? missing : [];
  if (details.length > 0) missing = [];
  const unmentioned = details.length > 0 ? details : (state.gate?.unmentioned ?? []);
  const claim = isClaim(state.standalone_question);
  let gate =
    missing.length > 0 ? notCovered(missing, signals) : decide(signals, state.attempt, settings.gate, plan.key_terms.length > 0, claim);
  // Nothing relevant in the primary sources says little while the route's other sources are unsearched:
  // a question routed to the tutorials may be answered by the reference ("create the subscription").
  const unsearched = state.route && state.attempt === 0 ? state.route.sources.filter((s) => !state.route!.primary.includes(s)) : [];
  // Every close source searched at once (the route widened to them): broaden once all the same, as the search of them would have.
  const widened = state.route && state.attempt === 0 && unsearched.length === 0 ? (state.route.widened ?? []) : [];
  if (
    gate.decision === "clarify" &&
    missing.length === 0 &&
    unsearched.length + widened.length > 0 &&
    state.attempt < settings.gate.maxRetries
  ) {
    gate = {
      ...gate,
      decision: "broaden",
      ...(unsearched.length > 0 ? { unsearched } : { widened }),
      reason:
        unsearched.length > 0
          ? `${gate.reason} Searching the other routed sources (${unsearched.join(", ")}) first.`
          : `${gate.reason} Broadening once: every close source (${widened.join(", ")} with the top one) was searched at once.`,
    };
  }
  // Those sources searched too, with the broadened round's lower bar: a top passage still under the
  // floor (not holding the question's identifiers verbatim and, for a claim, not standing out) is
  // nothing relevant, whatever share of the key terms it holds.
  const after = state.attempt > 0 && ((state.gate?.unsearched?.length ?? 0) > 0 || (state.gate?.widened?.length ?? 0) > 0);
  if (
    after &&
    gate.decision === "weak" &&
    signals.top_score < settings.gate.relevantFloor &&
    (signals.identifier_coverage ?? 0) < 1 &&
    !(claim && standsOut(signals, settings.gate))
  ) {
    gate = {
      decision: "clarify",
      signals,
      reason: `Nothing relevant in any routed source: top ${Math.round(signals.top_score * 100)}%, below the ${Math.round(settings.gate.relevantFloor * 100)}% floor.`,
    };
  }
  // Still weak after broadening: a word naming what is asked about that no document holds says the near misses are about something else.
  const last = gate.decision === "weak" && settings.gate.weakUnknownWord && !claim ? gateLookup(plan, namesEntry) : undefined;
  if (last && last.terms.length > 0) {
    const presence = presentSpelling(await lookups.termPresence(last.lookup), last.spellings);
    const gaps = phraseGaps(
      state.standalone_question,
      presence.filter((p) => last.terms.includes(p.phrase)),
      (t) => [t, ...(last.spellings.get(t) ?? [])].some(mentioned),
    );
    if (gaps.length > 0 && gaps.length >= settings.gate.weakUnknownShare * plan.key_terms.length) gate = notCovered(gaps, signals);
  }
  if (unmentioned.length > 0 && gate.decision !== "clarify")
    gate = { ...gate, unmentioned, reason: `${gate.reason} ${unmentionedNote(unmentioned)}` };
  return { gate, metadata: { timings_ms: { gate: Math.round(performance.now() - started) } } };
}
