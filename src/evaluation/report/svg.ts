/** Escapes text for XML/HTML. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PALETTE = ["#2563eb", "#64748b", "#0891b2", "#7c3aed", "#d97706", "#16a34a", "#dc2626", "#db2777"];

/** One bar of a chart. */
export interface Bar {
  label: string;
  value: number;
  /** Highlighted bars (the graph) get the first colour. */
  highlight?: boolean;
}

/**
 * A horizontal bar chart as inline SVG (no script, no external resources): one `rect` per bar,
 * the value printed at its end. `max` fixes the scale (1 for metrics in [0, 1]).
 */
export function barChart(
  title: string,
  bars: Bar[],
  { max, unit = "", digits = 3 }: { max?: number; unit?: string; digits?: number } = {},
): string {
  const rowH = 26,
    labelW = 150,
    plotW = 280,
    top = 28,
    width = labelW + plotW + 80;
  const height = top + bars.length * rowH + 8;
  const scaleMax = max ?? Math.max(1e-9, ...bars.map((b) => b.value));
  const rows = bars.map((b, i) => {
    const y = top + i * rowH;
    const w = Math.max(1, (Math.max(0, b.value) / scaleMax) * plotW);
    const fill = b.highlight ? PALETTE[0] : PALETTE[1 + (i % (PALETTE.length - 1))];
    return (
      `<text x="${labelW - 8}" y="${y + 16}" text-anchor="end" class="lbl">${esc(b.label)}</text>` +
      `<rect class="bar" x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 8}" fill="${fill}"><title>${esc(b.label)}: ${b.value.toFixed(digits)}${unit}</title></rect>` +
      `<text x="${labelW + w + 6}" y="${y + 16}" class="val">${b.value.toFixed(digits)}${esc(unit)}</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="${esc(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text x="4" y="18" class="ttl">${esc(title)}</text>` +
    `<path class="axis" d="M${labelW} ${top} V${height - 6}" stroke="#94a3b8" fill="none"/>${rows.join("")}</svg>`
  );
}

/** Grouped p50 / p95 bars per node: two `rect`s per node. */
export function latencyChart(title: string, rows: { node: string; p50: number; p95: number }[]): string {
  const bars = rows.flatMap((r) => [
    { label: `${r.node} p50`, value: r.p50, highlight: true },
    { label: `${r.node} p95`, value: r.p95 },
  ]);
  return barChart(title, bars, { unit: " ms", digits: 1 });
}

/**
 * A 2×2 confusion matrix (rows: truth, columns: the gate's decision) with cell shading by count.
 */
export function confusionMatrix(
  title: string,
  m: { answerableAnswered: number; answerableAbstained: number; unanswerableAnswered: number; unanswerableAbstained: number },
): string {
  const cells = [
    [m.answerableAnswered, m.answerableAbstained],
    [m.unanswerableAnswered, m.unanswerableAbstained],
  ];
  const max = Math.max(1, ...cells.flat());
  const x0 = 130,
    y0 = 48,
    cw = 110,
    ch = 50;
  const rowNames = ["answerable", "unanswerable"],
    colNames = ["answered", "abstained"];
  const parts = cells.flatMap((row, r) =>
    row.map((v, c) => {
      const good = r === c;
      const alpha = (0.15 + 0.85 * (v / max)).toFixed(2);
      const color = good ? `rgba(22,163,74,${alpha})` : `rgba(220,38,38,${alpha})`;
      const x = x0 + c * cw,
        y = y0 + r * ch;
      return (
        `<rect class="cell" x="${x}" y="${y}" width="${cw - 4}" height="${ch - 4}" fill="${color}"/>` +
        `<text x="${x + (cw - 4) / 2}" y="${y + 30}" text-anchor="middle" class="num">${v}</text>`
      );
    }),
  );
  const heads = colNames
    .map((n, c) => `<text x="${x0 + c * cw + (cw - 4) / 2}" y="${y0 - 8}" text-anchor="middle" class="lbl">${n}</text>`)
    .concat(rowNames.map((n, r) => `<text x="${x0 - 8}" y="${y0 + r * ch + 30}" text-anchor="end" class="lbl">${n}</text>`));
  const width = x0 + 2 * cw + 10,
    height = y0 + 2 * ch + 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart confusion" role="img" aria-label="${esc(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text x="4" y="18" class="ttl">${esc(title)}</text>${heads.join("")}${parts.join("")}</svg>`
  );
}

/**
 * A reliability diagram: per bin of predicted relevance, a bar of the observed share of relevant
 * results (`rect class="bin"`, only for non-empty bins), against the diagonal of perfect calibration.
 */
export function reliabilityDiagram(
  title: string,
  bins: readonly { lo: number; hi: number; n: number; predicted: number | null; observed: number | null }[],
): string {
  const x0 = 40,
    y0 = 30,
    w = 300,
    h = 200,
    width = x0 + w + 20,
    height = y0 + h + 40;
  const x = (p: number) => x0 + p * w,
    y = (p: number) => y0 + h - p * h;
  const bars = bins
    .filter((b) => b.n > 0 && b.observed !== null)
    .map(
      (b) =>
        `<rect class="bin" x="${(x(b.lo) + 1).toFixed(1)}" y="${y(b.observed!).toFixed(1)}" width="${(x(b.hi) - x(b.lo) - 2).toFixed(1)}" height="${(h * b.observed!).toFixed(1)}" fill="${PALETTE[0]}" fill-opacity="0.7">` +
        `<title>${b.lo.toFixed(1)}–${b.hi.toFixed(1)}: predicted ${b.predicted!.toFixed(2)}, observed ${b.observed!.toFixed(2)} (n=${b.n})</title></rect>` +
        `<text x="${((x(b.lo) + x(b.hi)) / 2).toFixed(1)}" y="${y0 + h + 12}" text-anchor="middle" class="val">${b.n}</text>`,
    );
  const ticks = [0, 0.5, 1].map(
    (t) =>
      `<text x="${x(t)}" y="${y0 + h + 26}" text-anchor="middle" class="lbl">${t}</text><text x="${x0 - 6}" y="${y(t) + 4}" text-anchor="end" class="lbl">${t}</text>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart reliability" role="img" aria-label="${esc(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<text x="4" y="18" class="ttl">${esc(title)}</text>` +
    `<path class="axis" d="M${x0} ${y0} V${y0 + h} H${x0 + w}" stroke="#94a3b8" fill="none"/>` +
    `<path class="diagonal" d="M${x(0)} ${y(0)} L${x(1)} ${y(1)}" stroke="#dc2626" stroke-dasharray="4 3" fill="none"/>${bars.join("")}${ticks.join("")}</svg>`
  );
}
