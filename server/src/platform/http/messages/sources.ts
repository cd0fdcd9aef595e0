import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { patternOf } from '../error-language.ts';

/**
 * The English messages the API can answer with, read from the source: what the server passes to the error helpers
 * (`badRequest`, `notFound`, `new AppError`, `errorBody`…), the `message` of error issues, and the contracts' Zod
 * messages. A message built from values becomes a pattern: `` `must be at least ${issue.minimum} characters` `` is
 * `must be at least {minimum} characters`, and a constant is written in (`${COMMENT_MAX}` → `2000`). Shared by the
 * error-language test and `npm run messages:missing --workspace server`.
 */
export interface MessageSources {
  /** English message (or pattern) → where it is written. */
  messages: Map<string, string[]>;
  /** Messages the source computes in a way that cannot be listed (they are answered in English). */
  dynamic: string[];
}

const SERVER_HELPERS: Record<string, number> = {
  badRequest: 1,
  conflict: 1,
  notFound: 1,
  forbidden: 1,
  unauthorized: 0,
  serviceUnavailable: 1,
  unprocessable: 1,
  errorBody: 1,
};
/** Zod methods whose string argument is the message (`.min(1, 'Say why')`). */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'nonempty',
  'int',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
]);

const repositoryRoot = join(import.meta.dirname, '../../../../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

type Fn = ts.FunctionLikeDeclaration;

export function readMessageSources(root = repositoryRoot): MessageSources {
  const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const server = sourceFiles(join(root, 'server/src')).map(parse);
  const contracts = sourceFiles(join(root, 'contracts/src')).map(parse);
  const all = [...server, ...contracts];

  const messages = new Map<string, string[]>();
  const dynamic: string[] = [];
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const add = (text: string, node: ts.Node) => {
    if (!/[A-Za-z]/.test(text.replace(/\{\w+\}/g, ''))) return;
    const list = messages.get(text) ?? [];
    const place = where(node);
    if (!list.includes(place)) list.push(place);
    messages.set(text, list);
  };

  // Top-level constants of literal value, written into messages; a name with two values is left a placeholder.
  const constants = new Map<string, string | null>();
  const functions = new Map<string, Fn[]>();
  const calls = new Map<string, ts.CallExpression[]>();
  for (const file of all) {
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer && literalValue(declaration.initializer);
          if (ts.isIdentifier(declaration.name) && value !== undefined) {
            const name = declaration.name.text;
            constants.set(name, constants.has(name) && constants.get(name) !== value ? null : value);
          }
        }
      }
    }
    const visit = (node: ts.Node) => {
      const fn = namedFunction(node);
      if (fn) functions.set(fn.name, [...(functions.get(fn.name) ?? []), fn.node]);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        calls.set(node.expression.text, [...(calls.get(node.expression.text) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const seen = new Set<ts.Node>();

  /** The texts an expression can be; unresolved parts are noted as dynamic unless `quiet`. */
  function texts(node: ts.Expression, quiet: boolean): string[] {
    if (node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined')) return [];
    const value = literalValue(node);
    if (value !== undefined) return [value];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) return texts(node.expression, quiet);
    if (ts.isTemplateExpression(node)) {
      let results = [node.head.text];
      for (const span of node.templateSpans) {
        const parts = spanParts(span.expression);
        results = results.flatMap((start) => parts.map((part) => start + part + span.literal.text));
      }
      return results;
    }
    if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue, quiet), ...texts(node.whenFalse, quiet)];
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
      return [...texts(node.left, quiet), ...texts(node.right, quiet)];
    }
    if (ts.isIdentifier(node)) {
      const constant = constantOf(node);
      if (constant !== undefined) return [constant];
      const local = localInitializer(node);
      if (local) return texts(local, quiet);
      if (parameterValues(node)) return [];
    }
    if (ts.isCallExpression(node) && returnValues(node)) return [];
    if (!quiet) dynamic.push(`${where(node)}: ${node.getText()}`);
    return [];
  }

  /** What a `${…}` of a template becomes: a literal written in, or a named placeholder. */
  function spanParts(node: ts.Expression): string[] {
    if (ts.isParenthesizedExpression(node)) return spanParts(node.expression);
    const value = literalValue(node) ?? (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) ? constantOf(node) : undefined);
    if (value !== undefined) return [value];
    if (ts.isConditionalExpression(node)) return [...spanParts(node.whenTrue), ...spanParts(node.whenFalse)];
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
      // `${x ?? 'fallback'}`: one placeholder; the fallback is a message of its own, translated inside it.
      for (const text of texts(node.right, true)) add(text, node.right);
      return spanParts(node.left);
    }
    // A parameter's values, or what a function returns, are messages of their own, translated inside the placeholder.
    if (ts.isIdentifier(node)) {
      const local = localInitializer(node);
      if (local && ts.isCallExpression(local)) returnValues(local);
      else parameterValues(node);
    }
    if (ts.isCallExpression(node)) returnValues(node);
    return [`{${nameOf(node)}}`];
  }

  function constantOf(node: ts.Identifier | ts.PropertyAccessExpression): string | undefined {
    const name = ts.isIdentifier(node) ? node.text : undefined;
    if (!name) return undefined;
    const local = localInitializer(node as ts.Identifier);
    const value = local ? literalValue(local) : undefined;
    if (value !== undefined) return value;
    if (local) return undefined;
    return constants.get(name) ?? undefined;
  }

  /** The initializer of the `const` an identifier names, looking outward from it. */
  function localInitializer(node: ts.Identifier): ts.Expression | undefined {
    for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
      const statements = ts.isBlock(scope) || ts.isSourceFile(scope) ? scope.statements : undefined;
      for (const statement of statements ?? []) {
        if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === node.text && declaration.initializer) {
            return declaration.initializer;
          }
        }
      }
    }
    return undefined;
  }

  /** A parameter's default and what callers pass for it, added as messages; false if the identifier is no parameter. */
  function parameterValues(node: ts.Identifier): boolean {
    for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
      if (!ts.isFunctionLike(scope)) continue;
      const index = scope.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === node.text);
      if (index < 0) continue;
      if (seen.has(scope.parameters[index]!)) return true;
      seen.add(scope.parameters[index]!);
      const fallback = scope.parameters[index]!.initializer;
      if (fallback) for (const text of texts(fallback, true)) add(text, fallback);
      const name = namedFunction(scope)?.name;
      for (const call of (name && calls.get(name)) || []) {
        const argument = call.arguments[index];
        if (argument) for (const text of texts(argument, true)) add(text, argument);
      }
      return true;
    }
    return false;
  }

  /** What a called function of Hearsay's returns, added as messages; false if it is not one. */
  function returnValues(call: ts.CallExpression): boolean {
    const callee = call.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    const found = name ? functions.get(name) : undefined;
    if (!found) return false;
    for (const fn of found) {
      if (seen.has(fn)) continue;
      seen.add(fn);
      const visit = (node: ts.Node) => {
        if (ts.isReturnStatement(node) && node.expression) for (const text of texts(node.expression, true)) add(text, node);
        else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
      };
      if (fn.body) ts.forEachChild(fn.body, visit);
    }
    return true;
  }

  for (const file of server) {
    const visit = (node: ts.Node) => {
      const helper =
        ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in SERVER_HELPERS
          ? node.arguments[SERVER_HELPERS[node.expression.text]!]
          : ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError'
            ? node.arguments?.[2]
            : undefined;
      if (helper) for (const text of texts(helper, false)) add(text, helper);
      // `{ path, message }` of an issue, `{ code, message }` of a known failure.
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((property) => property.name && ts.isIdentifier(property.name) && property.name.text);
        const message = node.properties.find(
          (property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'message',
        );
        if (message && (names.includes('path') || names.includes('code'))) {
          const value = ts.isPropertyAssignment(message)
            ? message.initializer
            : ts.isShorthandPropertyAssignment(message)
              ? message.name
              : undefined;
          if (value) for (const text of texts(value, false)) add(text, value);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  for (const file of contracts) {
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['error', 'message'].includes(node.name.text)) {
        const value = node.initializer;
        if (literalValue(value) !== undefined || ts.isTemplateExpression(value) || ts.isConditionalExpression(value)) {
          for (const text of texts(value, false)) add(text, value);
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text)) {
        for (const argument of node.arguments) if (ts.isStringLiteral(argument) && /\s/.test(argument.text)) add(argument.text, argument);
      }
      // An error map (plain-language messages) answers with what it returns.
      if (ts.isVariableDeclaration(node) && node.type?.getText().includes('ErrorMap') && node.initializer) {
        const fn = node.initializer;
        const visitReturns = (inner: ts.Node) => {
          if (ts.isReturnStatement(inner) && inner.expression) for (const text of texts(inner.expression, false)) add(text, inner);
          else ts.forEachChild(inner, visitReturns);
        };
        ts.forEachChild(fn, visitReturns);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { messages, dynamic };
}

function literalValue(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return String(Number(node.text));
  return undefined;
}

function namedFunction(node: ts.Node): { name: string; node: Fn } | undefined {
  if (ts.isFunctionDeclaration(node) && node.name) return { name: node.name.text, node };
  if (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    ts.isVariableDeclaration(node.parent) &&
    ts.isIdentifier(node.parent.name)
  ) {
    return { name: node.parent.name.text, node };
  }
  if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) return { name: node.name.text, node };
  return undefined;
}

/** A placeholder's name: the value's own name (`${issue.minimum}` → minimum, `${Math.round(bytes / n)}` → bytes). */
function nameOf(node: ts.Expression): string {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) || ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) {
    return nameOf(node.expression);
  }
  if (ts.isBinaryExpression(node)) return nameOf(node.left);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const namespace = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && /^[A-Z]/.test(callee.expression.text);
    if (ts.isPropertyAccessExpression(callee) && !namespace) return nameOf(callee.expression);
    if (node.arguments[0]) return nameOf(node.arguments[0]);
    return nameOf(callee);
  }
  return 'value';
}

export type Catalog = Record<string, string>;

export interface CatalogGaps {
  language: string;
  /** English messages without a translation. */
  missing: string[];
  /** Translations whose {placeholders} differ from the English pattern's. */
  placeholders: string[];
  /** Keys no source has (kept by hand, or left over after a message changed). */
  extra: string[];
}

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort().join();

export function catalogGaps(sources: MessageSources, catalog: Catalog, language: string): CatalogGaps {
  const missing = [...sources.messages.keys()].filter((text) => !catalog[text]?.trim());
  const placeholders = Object.entries(catalog)
    .filter(([english, translated]) => placeholdersOf(english) !== placeholdersOf(translated))
    .map(([english]) => english);
  // A key that narrows a pattern of the code (`Invalid field "{firstField}": {message}`) is kept on purpose.
  const patterns = [...sources.messages.keys()].filter((text) => /\{\w+\}/.test(text)).map((text) => patternOf(text).regex);
  const extra = Object.keys(catalog).filter((english) => !sources.messages.has(english) && !patterns.some((regex) => regex.test(english)));
  return { language, missing, placeholders, extra };
}
