import { aliasKey } from "../generation/api-entry.js";
import { aliasNames } from "../retrieval/aliases.js";
import { tenantSynonyms, withSynonymsOf } from "../retrieval/mined-synonyms.js";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { isNonSubstantive, usableEvidence } from "../evidence/evidence.js";
import { excusedConstraint, isClaim } from "../evidence/claims.js";
import { corpusGaps, decide, gateSignals, notCovered, presentSpelling, type Evidence } from "../evidence/judge.js";
import { spellingVariants } from "../evidence/spelling.js";
import { hasIdentifier, keyStems, stem, termSet } from "../generation/text.js";
import { requirePlan } from "../planner/require-plan.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/** Whether the texts mention a term: its one word as a stem, or its words as a phrase, in order, in one text. */
function mentionedIn(texts: readonly string[]): (term: string) => boolean {
  const sets = texts.map((t) => termSet(t));
  const sequences = texts.map((t) => (t.match(/[A-Za-z0-9_]+/g) ?? []).map(stem).join(" "));
  return (term) => {
    const stems = keyStems(term.split(/[\s/-]+/).filter(Boolean));
    if (stems.length === 1) return sets.some((set) => set.has(stems[0]!));
    // PostgreSQL 17 is not mentioned by a text with PostgreSQL in one place and 17 in another.
    const phrase = ` ${(term.match(/[A-Za-z0-9_]+/g) ?? []).map(stem).join(" ")} `;
    return sequences.some((seq) => ` ${seq} `.includes(phrase));
  };
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
  const evidence: Evidence[] = usableEvidence(state.ranked, settings.gate.nearMisses).map((r) => ({
    relevance: r.relevance,
    text: `${r.docTitle} ${r.sectionTitle ?? ""} ${r.content}`,
    substantive: !isNonSubstantive(r.metadata),
    ...(r.named ? { named: true } : {}),
  }));
  // Expanded blocks hold the whole section around a matched chunk: key terms found there count too.
  const expanded = state.context.filter((b) => !isNonSubstantive(b.metadata)).map((b) => `${b.title} ${b.section ?? ""} ${b.text}`);
  const signals = gateSignals(evidence, plan.key_terms, settings.gate, plan.top_k, expanded);
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
  const terms = namesEntry ? [] : plan.key_terms.filter((t) => !t.includes("."));
  let missing: string[] = [];
  if (state.attempt === 0 && (plan.constraints.length > 0 || terms.length > 1)) {
    // A term the corpus spells another way (IL6 / IL-6, PPARy / PPARγ, Rad53-dependent / Rad53) is not missing.
    const spellings = new Map([...plan.constraints, ...terms].map((t) => [t, spellingVariants(t)]));
    const lookup = [...new Set([...spellings].flatMap(([t, others]) => [t, ...others]))];
    // Under another name too: mined abbreviations and configured synonyms (`True-FISP` holds TrueFISP).
    const synonyms = await tenantSynonyms(store, tenant, settings.retrieval.synonyms);
    const mentioned = mentionedIn(evidence.map((e) => withSynonymsOf(e.text, synonyms)));
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
    missing = corpusGaps(
      presentSpelling(await store.termPresence(tenant, lookup), spellings),
      plan.constraints.filter((c) => !excusedConstraint(c, claim)),
      terms,
      settings.gate,
      (t) => mentioned(t) || inLanguage(t) || (spellings.get(t) ?? []).some(mentioned),
    );
  }
  const gate =
    missing.length > 0
      ? notCovered(missing, signals)
      : decide(signals, state.attempt, settings.gate, plan.key_terms.length > 0, isClaim(state.standalone_question));
  return { gate, metadata: { timings_ms: { gate: Math.round(performance.now() - started) } } };
}
