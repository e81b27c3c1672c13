import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRunContext } from "../src/context/build-context.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import { openDemoCorpus, ROOT, type DemoCorpus } from "./helpers/demo-corpus.js";

const CHROMIUM = "/usr/bin/chromium";
/** Where the screenshot of the answered question is saved (to look at). */
export const SCREENSHOT = join(tmpdir(), "sourcewise-chat-ui.png");

/** Debian's chromium, installed by scripts/setup-chromium.sh when missing (as .ci/run does). */
function ensureChromium(): string | undefined {
  if (!existsSync(CHROMIUM)) spawnSync("bash", [join(ROOT, "scripts", "setup-chromium.sh")], { stdio: "inherit", timeout: 600_000 });
  return existsSync(CHROMIUM) ? CHROMIUM : undefined;
}
const executablePath = ensureChromium();
if (!executablePath) console.warn(`SKIPPED the chat page test: ${CHROMIUM} is missing and scripts/setup-chromium.sh could not install it.`);

describe.skipIf(!executablePath)("the chat page (examples/chat-ui) in headless Chromium against sourcewise serve --ui", () => {
  let dir: string;
  let corpus: DemoCorpus;
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sw-chat-ui-"));
    // The page is built with the repository's own devDependencies (vite, react, @ai-sdk/react).
    const built = spawnSync(
      join(ROOT, "node_modules/.bin/vite"),
      ["build", "examples/chat-ui", "--outDir", join(dir, "ui"), "--emptyOutDir", "--logLevel", "warn"],
      { cwd: ROOT, encoding: "utf8", timeout: 180_000 },
    );
    expect(built.status, built.stderr).toBe(0);
    corpus = await openDemoCorpus();
    server = await startServer({ context: buildRunContext({ ...corpus, profiles: loadProfiles() }), port: 0, uiDir: join(dir, "ui") });
    browser = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath,
      headless: true,
      viewport: { width: 1100, height: 900 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await corpus?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("streams a cited answer to a typed question, opens a citation on click, and saves a screenshot", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.getByLabel("Question").fill("Why are broaden retries bounded in the quality gate?");
    await page.getByLabel("Question").press("Enter");
    const answer = page.getByTestId("assistant").last();
    await answer.getByTestId("verdict").waitFor({ timeout: 60_000 });
    expect(await answer.getByTestId("verdict").textContent()).toBe("Well supported");
    expect(await answer.locator(".answer-text").textContent()).toMatch(/\[1\]/);
    const first = answer.locator(".citation").first();
    expect(await first.locator(".file").textContent()).toBe("quality-gate.md");
    expect(await first.locator(".relevance").textContent()).toMatch(/^\d+% relevance$/);
    await first.locator(".citation-head").click();
    const snippet = answer.getByTestId("snippet");
    await snippet.waitFor();
    expect(await snippet.textContent()).toMatch(/docs\/guides\/quality-gate\.md/);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.log(`screenshot: ${SCREENSHOT}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("offers clarifying questions as suggestions that ask when clicked", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByLabel("Question").fill("When do the rocket skates launch?");
    await page.getByRole("button", { name: "Ask" }).click();
    const suggestion = page.locator(".suggestion").first();
    await suggestion.waitFor({ timeout: 60_000 });
    const text = (await suggestion.textContent())!;
    await suggestion.click();
    await page.locator(".message.user").nth(1).waitFor();
    expect(await page.locator(".message.user").nth(1).textContent()).toBe(text);
    await page.getByTestId("assistant").nth(1).getByTestId("verdict").waitFor({ timeout: 60_000 });
  }, 120_000);
});
