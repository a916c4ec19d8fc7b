/**
 * The subset of CEL (Common Expression Language, SDK_SPEC 1.3.1) the local executor evaluates in
 * trigger `if`s, `cancelOn`/`waitForEvent` matches and onFailure triggers:
 *
 *   event.data.userId == async.data.userId && async.data.plan != 'free' || !(event.data.x > 2)
 *
 * Paths rooted at the given variables (`event`, `async`), with `.name` and `['name']`/`[0]`
 * access; string, number, true/false/null literals; == != < <= > >=; && || ! and parentheses.
 * A missing field reads as null. Anything else (functions, macros, `in`, arithmetic) is refused
 * with an ExpressionError when compiled, so an unsupported expression fails loudly instead of
 * silently never matching.
 */
export class ExpressionError extends Error {
  override name = "ExpressionError";
}

type Json = unknown;
type Node =
  | { kind: "literal"; value: Json }
  | { kind: "path"; root: string; keys: (string | number)[] }
  | { kind: "not"; operand: Node }
  | { kind: "binary"; op: string; left: Node; right: Node };

type Token = { type: "op" | "ident" | "string" | "number" | "punct"; value: string; pos: number };

const OPERATORS = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!"];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      tokens.push({ type: "op", value: op, pos: i });
      i += op.length;
      continue;
    }
    if (ch === "(" || ch === ")" || ch === "." || ch === "[" || ch === "]") {
      tokens.push({ type: "punct", value: ch, pos: i });
      i++;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let value = "";
      let j = i + 1;
      for (; j < source.length && source[j] !== ch; j++) {
        if (source[j] === "\\" && j + 1 < source.length) {
          const next = source[++j]!;
          value += next === "n" ? "\n" : next === "t" ? "\t" : next;
        } else value += source[j];
      }
      if (j >= source.length) throw new ExpressionError(`unterminated string at ${i} in: ${source}`);
      tokens.push({ type: "string", value, pos: i });
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(i));
    if (number && (ch !== "-" || tokens.length === 0 || tokens.at(-1)!.type === "op" || tokens.at(-1)!.value === "(")) {
      tokens.push({ type: "number", value: number[0], pos: i });
      i += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (ident) {
      tokens.push({ type: "ident", value: ident[0], pos: i });
      i += ident[0].length;
      continue;
    }
    throw new ExpressionError(`unsupported character ${JSON.stringify(ch)} at ${i} in: ${source}`);
  }
  return tokens;
}

function parse(source: string, roots: readonly string[]): Node {
  const tokens = tokenize(source);
  let at = 0;
  const peek = (offset = 0) => tokens[at + offset];
  const fail = (what: string): never => {
    const token = peek();
    throw new ExpressionError(`${what} at ${token ? token.pos : source.length} in: ${source}`);
  };
  const take = (value: string) => {
    if (peek()?.value !== value) fail(`expected ${value}`);
    at++;
  };

  const primary = (): Node => {
    const token = peek() ?? fail("unexpected end");
    at++;
    if (token.type === "string") return { kind: "literal", value: token.value };
    if (token.type === "number") return { kind: "literal", value: Number(token.value) };
    if (token.value === "(") {
      const inner = or();
      take(")");
      return inner;
    }
    if (token.type === "ident") {
      if (token.value === "true" || token.value === "false") return { kind: "literal", value: token.value === "true" };
      if (token.value === "null") return { kind: "literal", value: null };
      if (!roots.includes(token.value)) {
        at--;
        fail(`unknown name ${token.value} (expected ${roots.join(" or ")})`);
      }
      const keys: (string | number)[] = [];
      for (;;) {
        if (peek()?.value === ".") {
          at++;
          const name = peek();
          if (name?.type !== "ident") fail("expected a field name");
          if (peek(1)?.value === "(") fail("function calls are not supported");
          keys.push(name!.value);
          at++;
        } else if (peek()?.value === "[") {
          at++;
          const key = peek();
          if (key?.type !== "string" && key?.type !== "number") fail("expected a string or number index");
          keys.push(key!.type === "number" ? Number(key!.value) : key!.value);
          at++;
          take("]");
        } else break;
      }
      return { kind: "path", root: token.value, keys };
    }
    at--;
    return fail(`unexpected ${token.value}`);
  };
  const unary = (): Node => {
    if (peek()?.value === "!") {
      at++;
      return { kind: "not", operand: unary() };
    }
    return primary();
  };
  const comparison = (): Node => {
    const left = unary();
    const op = peek();
    if (op?.type === "op" && ["==", "!=", "<", "<=", ">", ">="].includes(op.value)) {
      at++;
      return { kind: "binary", op: op.value, left, right: unary() };
    }
    return left;
  };
  const and = (): Node => {
    let left = comparison();
    while (peek()?.value === "&&") {
      at++;
      left = { kind: "binary", op: "&&", left, right: comparison() };
    }
    return left;
  };
  function or(): Node {
    let left = and();
    while (peek()?.value === "||") {
      at++;
      left = { kind: "binary", op: "||", left, right: and() };
    }
    return left;
  }

  const tree = or();
  if (at !== tokens.length) fail("unexpected input");
  return tree;
}

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function evaluate(node: Node, vars: Record<string, Json>): Json {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "path": {
      let value: Json = vars[node.root];
      for (const key of node.keys) {
        if (value === null || typeof value !== "object") return null;
        value = (value as Record<string | number, Json>)[key];
      }
      return value === undefined ? null : value;
    }
    case "not":
      return evaluate(node.operand, vars) !== true;
    case "binary": {
      if (node.op === "&&") return evaluate(node.left, vars) === true && evaluate(node.right, vars) === true;
      if (node.op === "||") return evaluate(node.left, vars) === true || evaluate(node.right, vars) === true;
      const left = evaluate(node.left, vars);
      const right = evaluate(node.right, vars);
      if (node.op === "==") return equal(left, right);
      if (node.op === "!=") return !equal(left, right);
      const comparable = (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
      if (!comparable) return false;
      const l = left as number | string;
      const r = right as number | string;
      return node.op === "<" ? l < r : node.op === "<=" ? l <= r : node.op === ">" ? l > r : l >= r;
    }
  }
}

export type CompiledExpression = (vars: Record<string, Json>) => boolean;

const cache = new Map<string, CompiledExpression>();

/** Compiles `source` once (throws ExpressionError if it is outside the subset). */
export function compileExpression(source: string, roots: readonly string[] = ["event", "async"]): CompiledExpression {
  const key = `${roots.join(",")}|${source}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const tree = parse(source, roots);
  const compiled: CompiledExpression = (vars) => evaluate(tree, vars) === true;
  if (cache.size > 1000) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
