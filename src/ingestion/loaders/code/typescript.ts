import type * as TS from "typescript";
import { baseName, extensionOf } from "../read-text.js";
import { isExamplePath, mergeParams, scriptTitle, type CodeEntry, type CodeKind, type ParamDoc } from "./entry.js";
import { readJsDoc, type JsDocInfo } from "./jsdoc.js";

type Ts = typeof TS;
let tsModule: Promise<Ts> | undefined;

/** The compiler is large; load it only when a TS/JS file is actually read. */
function loadTs(): Promise<Ts> {
  tsModule ??= import("typescript").then((m) => ((m as { default?: unknown }).default ?? m) as Ts);
  return tsModule;
}

/**
 * Finds top-level functions, classes (and their methods), arrow-function constants,
 * interfaces, type aliases and documented exported constants in TS/JS source, with their
 * JSDoc/TSDoc (`@param`, `@returns`, `@example`, `@default`). CommonJS `exports.x = function`
 * counts too. A file of mostly top-level statements, or one under an examples folder, also
 * gets a "script" entry holding the whole file.
 */
export async function parseTypeScript(path: string, source: string): Promise<{ entries: CodeEntry[]; description: string }> {
  const ts = await loadTs();
  const ext = extensionOf(path);
  const kind =
    ext === ".tsx" ? ts.ScriptKind.TSX : ext === ".jsx" ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(ext) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const p = new Parser(ts, sf);
  let scriptLines = 0;
  let scriptStatements = 0;
  for (const statement of sf.statements) {
    if (!p.statement(statement) && !ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) {
      scriptStatements++;
      scriptLines += p.lineSpan(statement);
    }
  }
  const totalLines = sf.statements.reduce((n, s) => n + p.lineSpan(s), 0);
  const name = baseName(path);
  const isScript =
    isExamplePath(path) || (p.entries.length === 0 && scriptStatements > 0) || (scriptStatements >= 3 && scriptLines >= totalLines / 2);
  const firstComment = /^\s*(?:\/\/|\/\*+|\*)\s*(.+)/.exec(source)?.[1];
  if (isScript) {
    p.entries.unshift({
      kind: "script",
      name,
      path: [name],
      title: scriptTitle(name, firstComment),
      signature: name,
      doc: "",
      code: source.split("\n"),
      params: [],
      description: "",
      whole: true,
    });
  }
  return { entries: p.entries, description: "" };
}

class Parser {
  readonly entries: CodeEntry[] = [];
  constructor(
    private readonly ts: Ts,
    private readonly sf: TS.SourceFile,
  ) {}

  lineSpan(node: TS.Node): number {
    const start = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line;
    return this.sf.getLineAndCharacterOfPosition(node.end).line - start + 1;
  }

  /** Records the entries a top-level statement declares; false when it declares none. */
  statement(node: TS.Statement): boolean {
    const ts = this.ts;
    if (ts.isFunctionDeclaration(node)) {
      this.entries.push(this.fnEntry(node, node, node, node.name?.text ?? "default", "function", []));
      return true;
    }
    if (ts.isClassDeclaration(node)) {
      this.classEntries(node, node.name?.text ?? "default");
      return true;
    }
    if (ts.isInterfaceDeclaration(node)) {
      this.entries.push(this.typeEntry(node, node.name.text, "interface", this.memberParams(node.members)));
      return true;
    }
    if (ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) {
      const members = ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type) ? this.memberParams(node.type.members) : [];
      this.entries.push(this.typeEntry(node, node.name.text, "type", members));
      return true;
    }
    if (ts.isVariableStatement(node)) {
      let found = false;
      for (const decl of node.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name)) continue;
        const init = decl.initializer && this.unwrap(decl.initializer);
        const display = node.declarationList.declarations.length === 1 ? node : decl;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          this.entries.push(this.fnEntry(init, decl, display, decl.name.text, "function", []));
          found = true;
        } else if (init && ts.isClassExpression(init)) {
          this.classEntries(init, decl.name.text, decl);
          found = true;
        } else if (this.isExported(node) && readJsDoc(ts, this.sf, decl).text) {
          this.entries.push(this.typeEntry(display, decl.name.text, "variable", [], decl));
          found = true;
        }
      }
      return found;
    }
    if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression)) {
      return this.commonJsExport(node, node.expression);
    }
    return ts.isModuleDeclaration(node) || ts.isExportAssignment(node);
  }

  private commonJsExport(statement: TS.ExpressionStatement, expr: TS.BinaryExpression): boolean {
    const ts = this.ts;
    const target = expr.left.getText(this.sf);
    if (expr.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !/^(module\.)?exports\b/.test(target)) return false;
    const value = this.unwrap(expr.right);
    const own = (ts.isFunctionExpression(value) || ts.isClassExpression(value)) && value.name ? value.name.text : undefined;
    const name = own ?? (target.includes(".") && !/^module\.exports$/.test(target) ? target.split(".").pop()! : "module.exports");
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) {
      this.entries.push(this.fnEntry(value, statement, statement, name, "function", []));
      return true;
    }
    if (ts.isClassExpression(value)) {
      this.classEntries(value, name, statement);
      return true;
    }
    return false;
  }

  private classEntries(node: TS.ClassLikeDeclaration, name: string, docHost: TS.Node = node): void {
    const ts = this.ts;
    const doc = readJsDoc(ts, this.sf, docHost);
    const header = this.text(node.getStart(this.sf), node.members.pos)
      .replace(/\{\s*$/, "")
      .trim();
    const skeleton = [header + " {"];
    const methods: CodeEntry[] = [];
    for (const member of node.members) {
      const memberName = member.name ? member.name.getText(this.sf) : "constructor";
      const init = ts.isPropertyDeclaration(member) && member.initializer ? this.unwrap(member.initializer) : undefined;
      const fn =
        ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member)
          ? member
          : init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
            ? init
            : undefined;
      if (!fn) {
        skeleton.push(
          ...this.text(member.getStart(this.sf), member.end)
            .split("\n")
            .map((l) => `  ${l.trim()}`),
        );
        continue;
      }
      const label = ts.isGetAccessor(member) ? `get ${memberName}` : ts.isSetAccessor(member) ? `set ${memberName}` : memberName;
      const entry = this.fnEntry(fn, member, member, label, "method", [name]);
      skeleton.push(`  ${entry.signature};`);
      methods.push(entry);
    }
    skeleton.push("}");
    this.entries.push({
      kind: "class",
      name,
      path: [name],
      signature: header,
      doc: doc.text,
      code: skeleton,
      params: [],
      description: doc.description,
      extra: this.extra(node, doc),
    });
    this.entries.push(...methods);
  }

  private fnEntry(
    fn: TS.SignatureDeclaration,
    docHost: TS.Node,
    display: TS.Node,
    name: string,
    kind: CodeKind,
    parents: string[],
  ): CodeEntry {
    const ts = this.ts;
    const doc = readJsDoc(ts, this.sf, docHost);
    const body = "body" in fn ? (fn.body as TS.Node | undefined) : undefined;
    const start = display.getStart(this.sf);
    const signature = this.text(start, body ? body.getStart(this.sf) : display.end)
      .replace(/\s+/g, " ")
      .replace(/\s*[{;]?\s*$/, "")
      .trim();
    const params: ParamDoc[] = fn.parameters.map((param) => {
      const paramName = param.name.getText(this.sf);
      return {
        name: param.dotDotDotToken ? `...${paramName}` : paramName,
        ...(param.type ? { type: param.type.getText(this.sf) } : {}),
        ...(param.initializer ? { default: param.initializer.getText(this.sf) } : {}),
      };
    });
    const returns = doc.returns ?? (fn.type ? fn.type.getText(this.sf) : undefined);
    return {
      kind,
      name,
      path: [...parents, name],
      signature,
      doc: doc.text,
      code: this.text(start, display.end).split("\n"),
      params: mergeParams(params, doc.params),
      description: doc.description,
      ...(returns ? { returns } : {}),
      extra: this.extra(display, doc),
    };
  }

  private typeEntry(node: TS.Node, name: string, kind: CodeKind, params: ParamDoc[], docHost: TS.Node = node): CodeEntry {
    const doc = readJsDoc(this.ts, this.sf, docHost);
    const code = this.text(node.getStart(this.sf), node.end).split("\n");
    const signature = (code[0] ?? name).replace(/\s*\{?\s*$/, "").trim();
    return {
      kind,
      name,
      path: [name],
      signature,
      doc: doc.text,
      code,
      params: mergeParams(params, doc.params),
      description: doc.description,
      extra: this.extra(node, doc),
    };
  }

  /** Interface and type-literal members as documented fields, with their `@default`. */
  private memberParams(members: TS.NodeArray<TS.TypeElement>): ParamDoc[] {
    return members.flatMap((member) => {
      if (!member.name) return [];
      const doc = readJsDoc(this.ts, this.sf, member);
      const type = (member as { type?: TS.Node }).type?.getText(this.sf);
      return [
        {
          name: member.name.getText(this.sf),
          ...(doc.description ? { description: doc.description } : {}),
          ...(doc.defaultValue ? { default: doc.defaultValue } : {}),
          ...(type ? { type } : {}),
        },
      ];
    });
  }

  private extra(node: TS.Node, doc: JsDocInfo): Record<string, unknown> {
    return {
      exported: this.isExported(node),
      ...(doc.examples.length ? { examples: doc.examples } : {}),
      ...(doc.deprecated ? { deprecated: true } : {}),
    };
  }

  private isExported(node: TS.Node): boolean {
    const ts = this.ts;
    let current: TS.Node | undefined = node;
    while (current && !ts.isSourceFile(current)) {
      const modifiers = ts.canHaveModifiers(current) ? ts.getModifiers(current) : undefined;
      if (modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
      current = ts.isVariableDeclaration(current) || ts.isVariableDeclarationList(current) ? current.parent : undefined;
    }
    return false;
  }

  private unwrap(expr: TS.Expression): TS.Expression {
    const ts = this.ts;
    let e = expr;
    while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e))
      e = e.expression;
    return e;
  }

  private text(start: number, end: number): string {
    return this.sf.text.slice(start, end);
  }
}
