import { load, type CheerioAPI } from "cheerio";
import type { Loader } from "../types.js";
import { baseName, decodeText, extensionOf } from "./read-text.js";
import { SectionBuilder } from "./section-builder.js";

const EXTENSIONS = new Set([".html", ".htm", ".xhtml"]);

/** The smallest shape of a parsed DOM node we walk; matches domhandler's nodes. */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** Main-content containers, best first: generic HTML5, doxygen, Sphinx, MATLAB publish. */
const MAIN_SELECTORS = ["main", "[role=main]", "article", "div.contents", "div.body", "div.document", "div.content", "#content"];

/** Page chrome that never holds the answer to a question. */
const CHROME = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "map",
  "img",
  "button",
  "input",
  "select",
  "iframe",
  "object",
  "nav",
  "aside",
  "[role=navigation]",
  "[role=search]",
  ".navigation",
  ".nav",
  ".navbar",
  ".menu",
  ".sidebar",
  ".sphinxsidebar",
  ".related",
  ".headerlink",
  ".permalink",
  ".dynheader",
  ".dynsummary",
  ".dyncontent",
  "#MSearchSelectWindow",
  "#MSearchResultsWindow",
  "#side-nav",
  ".footer",
].join(",");

/** Doxygen's page header, menus and source line numbers; removed only on doxygen pages. */
const DOXYGEN_CHROME = "#top, #nav-path, .navpath, .lineno, #MSearchBox";

const BLOCK_GAP = new Set(["p", "ul", "ol", "dl", "blockquote", "section", "article", "figure", "details", "pre"]);
const BLOCK_LINE = new Set([
  "div",
  "main",
  "header",
  "footer",
  "li",
  "dt",
  "dd",
  "tr",
  "figcaption",
  "summary",
  "address",
  "form",
  "fieldset",
  "caption",
  "tbody",
  "thead",
  "tfoot",
  "center",
]);
const SKIP = new Set(["script", "style", "noscript", "template", "head", "title", "meta", "link"]);

/**
 * HTML loader (`.html`, `.htm`): keeps the page's main content (doxygen, Sphinx and
 * MATLAB-published pages included), one section per h1–h6 heading. `pre` keeps its line
 * breaks and tables become rows of cells joined by " | ".
 */
export const htmlLoader: Loader = {
  name: "html",
  accepts: (path) => EXTENSIONS.has(extensionOf(path)),
  async load({ path, bytes }) {
    const $ = load(decodeText(path, bytes));
    const title = $("head > title").first().text().replace(/\s+/g, " ").trim() || $("h1").first().text().trim();
    const main = pickMain($);
    const builder = new SectionBuilder();
    for (const child of (main.get(0) as DomNode | undefined)?.children ?? []) walk(child, builder);
    return [{ uri: path, title: title || baseName(path), format: "html", sections: builder.finish() }];
  },
};

/** AsciiDoc's page footer ("Last updated …"); its header holds the title and a manual page's NAME line, so the body is the content. */
const ASCIIDOC_CHROME = "#footer";

/** The share of the page's text a main-content container holds at least: less is one block of it (AsciiDoc's `div.content`). */
const MAIN_SHARE = 0.5;

function pickMain($: CheerioAPI) {
  $(CHROME).remove();
  const generator = $('meta[name="generator"]').attr("content") ?? "";
  if (/doxygen/i.test(generator)) $(DOXYGEN_CHROME).remove();
  dropContentsHeadings($);
  const body = $("body").length ? $("body").first() : $.root();
  if (/asciidoc/i.test(generator)) {
    $(ASCIIDOC_CHROME).remove();
    return body;
  }
  const size = (text: string) => text.replace(/\s+/g, "").length;
  const page = size($("body").length ? $("body").first().text() : $.root().text());
  for (const selector of MAIN_SELECTORS) {
    // The largest match: a class such as `content` may also mark small blocks inside the main one.
    const found = $(selector)
      .toArray()
      .map((el) => ({ el, chars: size($(el).text()) }))
      .sort((a, b) => b.chars - a.chars)[0];
    if (found && found.chars > 0 && found.chars >= MAIN_SHARE * page) return $(found.el);
  }
  // Without a main container, header and footer are page chrome too.
  $("header, footer, [role=banner], [role=contentinfo]").remove();
  return body;
}

/**
 * A "Contents" heading over a list of in-page links (MATLAB-published pages) is navigation;
 * left in, it would claim the text that follows it.
 */
function dropContentsHeadings($: CheerioAPI): void {
  $("h1, h2, h3, h4, h5, h6").each((_, el) => {
    const heading = $(el);
    if (!/^(table of )?contents$/i.test(heading.text().trim())) return;
    const next = heading.next();
    const list = next.is("ul, ol") ? next : next.children("ul, ol").first();
    if (list.length && isTableOfContents(list.get(0) as DomNode)) {
      next.remove();
      heading.remove();
    }
  });
}

function walk(node: DomNode, out: SectionBuilder): void {
  if (node.type === "text") {
    out.inline(node.data ?? "");
    return;
  }
  if (node.type !== "tag" || !node.name || SKIP.has(node.name)) return;
  const name = node.name;
  const heading = /^h([1-6])$/.exec(name);
  if (heading) {
    // Doxygen puts member titles at h2, beside their group; they belong under it.
    const level = Number(heading[1]) + (hasClass(node, "memtitle") ? 1 : 0);
    out.heading(level, collapse(textOf(node)));
    return;
  }
  if (name === "br") return out.newline(1);
  if (name === "hr") return out.newline(2);
  if (name === "pre" || hasClass(node, "fragment")) {
    out.newline(2);
    out.raw(rawText(node).replace(/^\n+|\s+$/g, ""));
    out.newline(2);
    return;
  }
  if (name === "table") return renderTable(node, out);
  if ((name === "ul" || name === "ol" || name === "dl") && isTableOfContents(node)) return;
  // DocBook's contents box: its title ("Table of Contents") goes with its list.
  if (hasClass(node, "toc") && isContentsBox(node)) return;

  const gap = BLOCK_GAP.has(name) ? 2 : BLOCK_LINE.has(name) ? 1 : 0;
  if (gap) out.newline(gap);
  if (name === "li") out.inline("- ");
  for (const child of node.children ?? []) walk(child, out);
  if (gap) out.newline(gap);
}

function renderTable(table: DomNode, out: SectionBuilder): void {
  out.newline(2);
  for (const row of rowsOf(table)) {
    const headingCell = findHeading(row);
    if (headingCell) {
      walk(headingCell, out);
      continue;
    }
    const cells = (row.children ?? [])
      .filter((c) => c.type === "tag" && (c.name === "td" || c.name === "th"))
      .map((c) => collapse(textOf(c)))
      .filter(Boolean);
    if (cells.length) {
      out.raw(cells.join(" | "));
      out.newline(1);
    }
  }
  out.newline(2);
}

/** Rows of this table only; rows of nested tables are read as their cell's text. */
function rowsOf(table: DomNode): DomNode[] {
  const rows: DomNode[] = [];
  const visit = (node: DomNode) => {
    for (const child of node.children ?? []) {
      if (child.type !== "tag") continue;
      if (child.name === "tr") rows.push(child);
      else if (child.name === "thead" || child.name === "tbody" || child.name === "tfoot") visit(child);
    }
  };
  visit(table);
  return rows;
}

function findHeading(node: DomNode): DomNode | undefined {
  for (const child of node.children ?? []) {
    if (child.type !== "tag") continue;
    if (/^h[1-6]$/.test(child.name ?? "")) return child;
    const nested = findHeading(child);
    if (nested) return nested;
  }
  return undefined;
}

/** A list whose every entry is an in-page link (DocBook's `dl.toc` too): a table of contents, already given by the headings. */
function isTableOfContents(list: DomNode): boolean {
  const links: DomNode[] = [];
  const collect = (node: DomNode) => {
    for (const child of node.children ?? []) {
      if (child.type === "tag" && child.name === "a") links.push(child);
      else collect(child);
    }
  };
  collect(list);
  if (!links.length || !links.every((a) => (a.attribs?.href ?? "").startsWith("#"))) return false;
  const squash = (s: string) => s.replace(/\s+/g, "");
  return squash(textOf(list)) === squash(links.map(textOf).join(""));
}

/** A `div.toc` holding lists that are all tables of contents, beside their title. */
function isContentsBox(box: DomNode): boolean {
  const lists = (box.children ?? []).filter((c) => c.type === "tag" && (c.name === "ul" || c.name === "ol" || c.name === "dl"));
  return lists.length > 0 && lists.every(isTableOfContents);
}

function hasClass(node: DomNode, cls: string): boolean {
  return (node.attribs?.class ?? "").split(/\s+/).includes(cls);
}

function textOf(node: DomNode): string {
  if (node.type === "text") return node.data ?? "";
  if (node.type !== "tag" || SKIP.has(node.name ?? "")) return "";
  const inner = (node.children ?? []).map(textOf).join("");
  return node.name === "br" ? " " : BLOCK_LINE.has(node.name ?? "") || BLOCK_GAP.has(node.name ?? "") ? ` ${inner} ` : inner;
}

/** Text with line breaks where the markup puts them (`br`, doxygen's `div.line`), for code. */
function rawText(node: DomNode, inPre = false): string {
  if (node.type === "text") return node.data ?? "";
  if (node.type !== "tag") return "";
  if (node.name === "br") return "\n";
  const pre = inPre || node.name === "pre";
  // Between doxygen's div.line elements, source formatting newlines are not code.
  const children = pre ? (node.children ?? []) : (node.children ?? []).filter((c) => c.type !== "text" || !/^\s*\n\s*$/.test(c.data ?? ""));
  const inner = children.map((c) => rawText(c, pre)).join("");
  const isLine = node.name === "div" || node.name === "p" || node.name === "li" || node.name === "tr";
  return isLine && !inner.endsWith("\n") ? `${inner}\n` : inner;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
