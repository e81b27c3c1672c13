import type { EvalResults, MethodResult } from "../results.js";
import { fmt, METRICS, nodeRows, pct } from "./shared.js";

function methodTable(rows: MethodResult[]): string[] {
  return [
    `| method | N | ${METRICS.map(([, h]) => h).join(" | ")} | p50 ms | p95 ms |`,
    `|---|---|${METRICS.map(() => "---").join("|")}|---|---|`,
    ...rows.map(
      (m) =>
        `| ${m.id === "graph" ? `**${m.label}**` : m.label} | ${m.n} | ${METRICS.map(([k]) => fmt(m.metrics[k])).join(" | ")} | ${m.latencyMs.p50.toFixed(1)} | ${m.latencyMs.p95.toFixed(1)} |`,
    ),
  ];
}

/** The human-readable report (report.md). */
export function renderMarkdown(r: EvalResults): string {
  const g = r.graph;
  const c = g.gate.confusion;
  const lines = [
    `# Eval: ${r.dataset.name}`,
    "",
    `${r.dataset.description}. Run ${r.createdAt}, ${r.seconds.toFixed(0)} s; embeddings ${r.versions.embeddings}; sourcewise ${r.versions.sourcewise}.`,
    `Index: ${r.ingest.added + r.ingest.replaced} documents (re)embedded, ${r.ingest.unchanged} unchanged.`,
    "",
    `## Retrieval, side by side (N = ${r.dataset.graphQuestions} questions the full graph ran; means over the judged ones)`,
    "",
    ...methodTable(r.methods),
    "",
    "Metrics as trec_eval defines them (ideal DCG from the qrels, short lists not padded). Latency is per question: the graph end to end, each baseline its search plus the query embedding it needs.",
  ];
  if (r.dataset.questions > r.dataset.graphQuestions) {
    lines.push("", `### Baselines on all ${r.dataset.questions} questions`, "", ...methodTable(r.allQuestions));
  }
  lines.push(
    "",
    "## The graph's checks",
    "",
    "| check | value |",
    "|---|---|",
    `| routing accuracy | ${g.routing ? `${pct(g.routing.accuracy)} (${g.routing.correct}/${g.routing.n})` : "n/a (no expected_source labels)"} |`,
    `| gate accuracy | ${pct(g.gate.accuracy)} |`,
    `| abstain precision / recall | ${pct(g.gate.abstainPrecision)} / ${pct(g.gate.abstainRecall)} |`,
    `| citation validity (markers resolved and supported) | ${pct(g.citations.validity)} (${g.citations.supported}/${g.citations.markers} markers; ${g.citations.resolved} resolved; ${g.citations.answersAllValid}/${g.citations.answers} answers fully valid) |`,
    `| page accuracy | ${g.pages ? `${pct(g.pages.accuracy)} (${g.pages.hits}/${g.pages.n})` : "n/a (no page labels)"} |`,
    ...(g.pageHit5
      ? [
          `| page hit@5 | ${pct(g.pageHit5.rate)} (${g.pageHit5.hits}/${g.pageHit5.n}); by a chunk of at most 2 pages ${pct(g.pageHit5.preciseRate)} (${g.pageHit5.precise}/${g.pageHit5.n}) |`,
        ]
      : []),
    `| hit@5 (answerable, judged) | ${g.hit5 ? `${pct(g.hit5.rate)} (${g.hit5.hits}/${g.hit5.n})` : "n/a"} |`,
    `| strong verdicts on API questions whose file is the top hit | ${g.apiTopHitStrong ? `${pct(g.apiTopHitStrong.rate)} (${g.apiTopHitStrong.strong}/${g.apiTopHitStrong.n})` : "n/a"} |`,
    `| verdicts | ${
      Object.entries(g.verdicts ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "n/a"
    } |`,
    `| calibration error of relevance (ECE over the top 10 results, 10 bins) | ${fmt(g.reliability?.ece ?? null, 3)} |`,
    "",
    "Gate confusion (rows: truth; columns: decision, abstain = clarify):",
    "",
    "| | answered | abstained |",
    "|---|---|---|",
    `| answerable | ${c.answerableAnswered} | ${c.answerableAbstained} |`,
    `| unanswerable | ${c.unanswerableAnswered} | ${c.unanswerableAbstained} |`,
    ...(g.reliability
      ? [
          "",
          "Reliability of the calibrated relevance (top 10 results per question):",
          "",
          "| predicted bin | n | mean predicted | observed relevant |",
          "|---|---|---|---|",
          ...g.reliability.bins.map(
            (b) => `| ${b.lo.toFixed(1)}–${b.hi.toFixed(1)} | ${b.n} | ${fmt(b.predicted, 3)} | ${fmt(b.observed, 3)} |`,
          ),
        ]
      : []),
    "",
    "## Latency per node (ms)",
    "",
    "| node | p50 | p95 | n |",
    "|---|---|---|---|",
    ...nodeRows(r).map((n) => `| ${n.node} | ${n.p50.toFixed(1)} | ${n.p95.toFixed(1)} | ${n.n} |`),
    "",
    "## Versions and configuration",
    "",
    "```json",
    JSON.stringify({ versions: r.versions, config: r.config }, null, 2),
    "```",
    "",
  );
  return lines.join("\n");
}
