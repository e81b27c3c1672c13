import type { EvalResults } from "../results.js";
import { renderMarkdown } from "./markdown.js";
import { fmt, METRICS, nodeRows, pct } from "./shared.js";
import { barChart, confusionMatrix, esc, latencyChart, reliabilityDiagram } from "./svg.js";

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#0f172a;padding:0 16px}
table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #cbd5e1;padding:4px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:16px}
.chart{background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px}.ttl{font-weight:600;font-size:13px}
.lbl,.val{font-size:11px;fill:#334155}.num{font-size:16px;font-weight:600}pre{background:#f1f5f9;padding:8px;overflow:auto}`;

/**
 * A self-contained report.html: tables plus inline SVG charts (a bar chart per metric by
 * method, per-node latency, the gate's confusion matrix). No script, no external resource.
 */
export function renderHtml(r: EvalResults): string {
  const metricCharts = METRICS.map(([k, h]) =>
    barChart(
      `${h} (N=${r.methods[0]?.n ?? 0})`,
      r.methods.map((m) => ({ label: m.id, value: m.metrics[k], highlight: m.id === "graph" })),
      { max: 1 },
    ),
  );
  const latencyBars = barChart(
    "Latency per question, p50 (ms)",
    r.methods.map((m) => ({ label: m.id, value: m.latencyMs.p50, highlight: m.id === "graph" })),
    { unit: " ms", digits: 1 },
  );
  const nodes = nodeRows(r);
  const rows = r.methods.map(
    (m) =>
      `<tr><td>${esc(m.label)}</td><td>${m.n}</td>${METRICS.map(([k]) => `<td>${fmt(m.metrics[k])}</td>`).join("")}<td>${m.latencyMs.p50.toFixed(1)}</td><td>${m.latencyMs.p95.toFixed(1)}</td></tr>`,
  );
  const g = r.graph;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sourcewise eval: ${esc(r.dataset.name)}</title><style>${STYLE}</style></head><body>
<h1>Eval: ${esc(r.dataset.name)}</h1>
<p>${esc(r.dataset.description)}. ${esc(r.createdAt)}; embeddings ${esc(r.versions.embeddings ?? "")}; N = ${r.dataset.graphQuestions} questions side by side.</p>
<h2>Retrieval quality by method</h2>
<table><tr><th>method</th><th>N</th>${METRICS.map(([, h]) => `<th>${h}</th>`).join("")}<th>p50 ms</th><th>p95 ms</th></tr>${rows.join("")}</table>
<div class="charts" id="metric-charts">${metricCharts.join("")}${latencyBars}</div>
<h2>The graph</h2>
<table><tr><th>check</th><th>value</th></tr>
<tr><td>routing accuracy</td><td>${g.routing ? `${pct(g.routing.accuracy)} (${g.routing.correct}/${g.routing.n})` : "n/a"}</td></tr>
<tr><td>gate accuracy</td><td>${pct(g.gate.accuracy)}</td></tr>
<tr><td>abstain precision / recall</td><td>${pct(g.gate.abstainPrecision)} / ${pct(g.gate.abstainRecall)}</td></tr>
<tr><td>citation validity</td><td>${pct(g.citations.validity)} (${g.citations.supported}/${g.citations.markers})</td></tr>
<tr><td>page accuracy</td><td>${g.pages ? pct(g.pages.accuracy) : "n/a"}</td></tr>
<tr><td>hit@5 (answerable)</td><td>${g.hit5 ? `${pct(g.hit5.rate)} (${g.hit5.hits}/${g.hit5.n})` : "n/a"}</td></tr>
<tr><td>strong on API questions whose file is the top hit</td><td>${g.apiTopHitStrong ? `${pct(g.apiTopHitStrong.rate)} (${g.apiTopHitStrong.strong}/${g.apiTopHitStrong.n})` : "n/a"}</td></tr>
<tr><td>verdicts</td><td>${esc(
    Object.entries(g.verdicts ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(", ") || "n/a",
  )}</td></tr>
<tr><td>calibration error (ECE, top 10 results)</td><td>${fmt(g.reliability?.ece ?? null, 3)}</td></tr></table>
<div class="charts" id="graph-charts">${latencyChart("Latency per node (ms)", nodes)}${confusionMatrix("Gate: truth × decision", g.gate.confusion)}${g.reliability ? reliabilityDiagram(`Reliability: predicted vs observed relevance (n=${g.reliability.n})`, g.reliability.bins) : ""}</div>
<h2>Full report</h2><pre>${esc(renderMarkdown(r))}</pre>
</body></html>
`;
}
