import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../src/evaluation/report/html.js";
import { sampleResults } from "./helpers/eval-results.js";
import { ROOT } from "./helpers/demo-corpus.js";

const CHROMIUM = "/usr/bin/chromium";

/** Debian's chromium, installed by scripts/setup-chromium.sh when missing (as .ci/run does). */
function ensureChromium(): string | undefined {
  if (!existsSync(CHROMIUM)) spawnSync("bash", [join(ROOT, "scripts", "setup-chromium.sh")], { stdio: "inherit", timeout: 600_000 });
  return existsSync(CHROMIUM) ? CHROMIUM : undefined;
}
const executablePath = ensureChromium();
if (!executablePath) {
  console.warn(
    `SKIPPED report.html rendering: ${CHROMIUM} is missing and scripts/setup-chromium.sh could not install it (needs root/sudo and Debian's apt).`,
  );
}

describe.skipIf(!executablePath)("report.html in headless Chromium", () => {
  let dir: string;
  let context: BrowserContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sw-report-"));
    writeFileSync(join(dir, "report.html"), renderHtml(sampleResults()));
    // A fresh profile and no network-facing background work: the machine is offline.
    context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("draws every chart: bars with width, the latency bars, the four confusion cells, the reliability bins, on a non-blank page", async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(join(dir, "report.html")).href);
    // Drawn = laid out with a non-zero box; a vertical axis line has zero width, so paths are counted.
    const visible = (sel: string) =>
      page.locator(sel).evaluateAll(
        (els) =>
          els.filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0;
          }).length,
      );
    const drawn = {
      svgs: await visible("svg.chart"),
      metricBars: await visible("#metric-charts rect.bar"),
      latencyBars: await visible("#graph-charts rect.bar"),
      cells: await visible("svg.confusion rect.cell"),
      bins: await visible("svg.reliability rect.bin"),
      axes: await page.locator("path.axis").count(),
    };
    // 6 methods × (5 metric charts + 1 latency chart); 5 nodes × p50/p95; 2×2 gate matrix; the
    // reliability diagram: two non-empty bins, one of them observed 0 (a bar of no height).
    expect(drawn).toEqual({ svgs: 9, metricBars: 36, latencyBars: 10, cells: 4, bins: 1, axes: 8 });
    expect(requests.every((u) => u.startsWith("file:"))).toBe(true);

    const png = await page.locator("#metric-charts").screenshot();
    // Decode the screenshot in the page (no PNG decoder needed here) and count saturated pixels.
    const share = (await page.evaluate(`(async () => {
      const img = new Image();
      img.src = "data:image/png;base64,${png.toString("base64")}";
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width; canvas.height = img.height;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      let coloured = 0;
      for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i] - px[i + 2]) > 40) coloured++;
      return coloured / (px.length / 4);
    })()`)) as number;
    // Blue and grey bars: a blank or unstyled render has no saturated pixels.
    expect(share).toBeGreaterThan(0.02);
    await page.close();
  }, 120_000);
});
