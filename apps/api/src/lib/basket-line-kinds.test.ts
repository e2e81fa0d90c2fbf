import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basketLineKinds } from '@leisure/contract/cart';
import { parseSync } from '@swc/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { rawRowsOf } from '../db/raw-rows';
import { openTestDatabase } from '../test/harness';
import { addedLineKind, kindsWhere, lineKind } from './basket-line-kinds';

/**
 * The line-kind registry is the only place a basket line's kind is switched on (issue 46). This test
 * reads every source file of the API (not tests, test factories, the seed, the schema, nor the
 * registry itself) and fails, naming file:line, on a kind string:
 * - compared (`===`, `!==`, `case`, drizzle `eq`/`ne`/`inArray`/`notInArray`, `[...].includes`) with
 *   a line's kind (an expression naming `cartableType`/`cartable_type`), or, for the kind names that
 *   are no other word of the domain (all but `activity` and `membership`, which are also a benefit
 *   kind, a credit type and a terms context), compared with anything;
 * - chosen by a `?:` (`cond ? 'av2BookingBundle' : 'activity'`);
 * - written in SQL text after `cartable_type` (`= 'membership'`, `not in ('membership', ...)`), or, for
 *   the kind names that are no other word, quoted anywhere in a template.
 * A kind written as a plain value (`cartableType: 'membership'` in the one function that adds such a
 * line, a wire type such as `cartable_type: 'penalty'`) is no switch and passes.
 */

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Kind names that are also other words of the domain: switched on only when compared with a kind. */
const alsoOtherWords = new Set<string>(['activity', 'membership']);

/**
 * Switches allowed outside the registry, by file and top-level declaration: none. An entry with
 * nothing left to allow fails the test, so the list only shrinks.
 */
const allowed: { file: string; declaration: string }[] = [];

/** Files not read: tests and their fixtures, the seed, the schema (the check constraint), the registry. */
function isScanned(relative: string): boolean {
  return (
    relative.endsWith('.ts') &&
    !relative.endsWith('.test.ts') &&
    !relative.endsWith('-test-fixtures.ts') &&
    !relative.startsWith('test/') &&
    !relative.startsWith('seed/') &&
    !relative.startsWith('db/schema/') &&
    relative !== 'lib/basket-line-kinds.ts'
  );
}

export interface KindSwitch {
  line: number;
  declaration: string;
  text: string;
}

/** A node of swc's syntax tree: a `type`, a `span` (byte positions), and its children as fields. */
interface Node {
  type: string;
  span: { start: number; end: number };
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const childrenOf = (node: Node): Node[] =>
  Object.entries(node).flatMap(([field, value]) =>
    field === 'span'
      ? []
      : (Array.isArray(value) ? value : [value]).flatMap((item) =>
          isNode(item)
            ? [item]
            : isNode((item as { expression?: unknown })?.expression)
              ? [(item as { expression: Node }).expression]
              : [],
        ),
  );

const kinds = new Set<string>(basketLineKinds);
const namesAKind = (text: string) => /cartable_?type/i.test(text);
/** The kind a node writes, through parentheses and `as const`. */
const kindLiteral = (node: unknown): string | undefined => {
  let inner = node;
  while (
    isNode(inner) &&
    ['ParenthesisExpression', 'TsConstAssertion', 'TsAsExpression'].includes(inner.type) &&
    isNode(inner.expression)
  )
    inner = inner.expression;
  return isNode(inner) && inner.type === 'StringLiteral' && kinds.has(inner.value as string)
    ? (inner.value as string)
    : undefined;
};
const equality = new Set(['===', '!==', '==', '!=']);
const sqlComparison = /cartable_type"?\s*(=|<>|!=|\bnot\s+in\b|\bin\b)\s*\(?\s*'/i;
const quotedOnlyKind = new RegExp(
  `'(${basketLineKinds.filter((kind) => !alsoOtherWords.has(kind)).join('|')})'`,
);

/** The kind switches of one source text. */
export function kindSwitchesIn(text: string): KindSwitch[] {
  // A first statement of known place: swc numbers positions across every parse of the process.
  const source = Buffer.from(`0;\n${text}`);
  const program = parseSync(source.toString(), { syntax: 'typescript', tsx: false, comments: false });
  const base = program.body[0]?.span.start ?? 0;
  const textOf = (node: Node) => source.subarray(node.span.start - base, node.span.end - base).toString();
  const lineOf = (node: Node) =>
    source
      .subarray(0, node.span.start - base)
      .toString()
      .split('\n').length - 1;
  const found: KindSwitch[] = [];
  const comparedWith = (kind: string, other: unknown) =>
    !alsoOtherWords.has(kind) || (isNode(other) && namesAKind(textOf(other)));

  const visit = (node: Node, parent: Node | undefined, declaration: string) => {
    const report = () =>
      found.push({ line: lineOf(node), declaration, text: textOf(node).split('\n')[0] ?? '' });
    if (node.type === 'BinaryExpression' && equality.has(node.operator as string)) {
      const left = kindLiteral(node.left);
      const right = kindLiteral(node.right);
      if ((left && comparedWith(left, node.right)) || (right && comparedWith(right, node.left))) report();
    } else if (node.type === 'SwitchStatement') {
      for (const branch of node.cases as { test?: Node }[]) {
        const kind = kindLiteral(branch.test);
        if (kind && comparedWith(kind, node.discriminant)) report();
      }
    } else if (node.type === 'CallExpression' && isNode(node.callee)) {
      const args = (node.arguments as { expression: Node }[]).map((arg) => arg.expression);
      const literals = args.flatMap((arg) =>
        arg.type === 'ArrayExpression'
          ? (arg.elements as ({ expression: Node } | null)[]).map((element) =>
              kindLiteral(element?.expression),
            )
          : [kindLiteral(arg)],
      );
      const kindArgs = literals.filter((kind): kind is string => kind !== undefined);
      const callee = textOf(node.callee);
      if (
        /^(eq|ne|inArray|notInArray)$/.test(callee) &&
        kindArgs.length > 0 &&
        (args.some((arg) => namesAKind(textOf(arg))) || kindArgs.some((kind) => !alsoOtherWords.has(kind)))
      )
        report();
      const receiver = node.callee.object;
      if (
        node.callee.type === 'MemberExpression' &&
        isNode(node.callee.property) &&
        node.callee.property.value === 'includes' &&
        isNode(receiver) &&
        receiver.type === 'ArrayExpression' &&
        (receiver.elements as ({ expression: Node } | null)[]).some((element) =>
          kindLiteral(element?.expression),
        ) &&
        args.some((arg) => namesAKind(textOf(arg)))
      )
        report();
    } else if (node.type === 'ConditionalExpression') {
      const branches = [kindLiteral(node.consequent), kindLiteral(node.alternate)].filter(
        (kind): kind is string => kind !== undefined,
      );
      const namedKind =
        parent?.type === 'KeyValueProperty' && isNode(parent.key) && namesAKind(textOf(parent.key));
      if (branches.length > 0 && (namedKind || branches.some((kind) => !alsoOtherWords.has(kind)))) report();
    } else if (node.type === 'TemplateElement') {
      // Named by the line of SQL that holds it, not where the template's text starts.
      const raw = String(node.raw ?? '');
      const at = sqlComparison.exec(raw)?.index ?? quotedOnlyKind.exec(raw)?.index;
      if (at !== undefined) {
        const before = raw.slice(0, at).split('\n');
        const line = lineOf(node) + before.length - 1;
        found.push({ line, declaration, text: raw.split('\n')[before.length - 1]?.trim() ?? '' });
      }
    }
    for (const child of childrenOf(node)) visit(child, node, declaration);
  };
  for (const item of program.body.slice(1))
    visit(item as unknown as Node, undefined, declarationName(item as unknown as Node));
  return found;
}

/** The name a top-level statement declares (`const x`, `function f`, either exported). */
function declarationName(item: Node): string {
  const declared = isNode(item.declaration) ? item.declaration : item;
  if (declared.type === 'VariableDeclaration') {
    const [first] = declared.declarations as { id: { value?: string } }[];
    return first?.id.value ?? '';
  }
  const identifier = declared.identifier as { value?: string } | undefined;
  return identifier?.value ?? '';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : [full];
  });
}

describe('basket line kinds are switched on only in their registry', () => {
  it('finds no kind switched on outside lib/basket-line-kinds.ts (but the listed fast paths)', () => {
    const switches = sourceFiles(srcRoot).flatMap((full) => {
      const relative = path.relative(srcRoot, full).split(path.sep).join('/');
      if (!isScanned(relative)) return [];
      return kindSwitchesIn(readFileSync(full, 'utf8')).map((found) => ({
        file: relative,
        ...found,
      }));
    });
    const isAllowed = (found: { file: string; declaration: string }) =>
      allowed.some((entry) => entry.file === found.file && entry.declaration === found.declaration);
    expect(
      switches
        .filter((found) => !isAllowed(found))
        .map((found) => `${found.file}:${found.line} ${found.text}`),
      'ask lib/basket-line-kinds.ts (lineIs, kindsWhere, addedLineKind, kindsSql) instead',
    ).toEqual([]);
    const stale = allowed.filter(
      (entry) =>
        !switches.some((found) => found.file === entry.file && found.declaration === entry.declaration),
    );
    expect(stale, 'switches no longer there: remove them from `allowed`').toEqual([]);
  });

  it('sees each way of switching on a kind, and lets plain values and other words pass', () => {
    const source = [
      "if (item.cartableType === 'penalty') pay();", // 1
      "const kept = lines.filter((l) => l.cartableType !== 'membership');", // 2
      "switch (line.cartableType) { case 'activity': break; }", // 3
      "db.select().where(eq(cartItems.cartableType, 'membership'));", // 4
      "const kind = line.bundleId ? 'av2BookingBundle' : 'activity';", // 5
      "const row = { cartable_type: open ? 'activity' : 'membership' };", // 6
      "db.execute(sql`delete from cart_items where cartable_type not in ('membership', 'penalty')`);", // 7
      'db.execute(sql`select 1 where $' + "{x} and i.cartable_type = 'membership'`);", // 8
      "const fee = ['penalty', 'membership'].includes(item.cartableType);", // 9
      "if (request.type === 'penalty') addFees();", // 10
      // Not switches: a kind written as a value, other words of the domain.
      "const line = { cartableType: 'membership', amount: 1 };", // 11
      "if (benefit.kind === 'activity') use(benefit);", // 12
      "const total = rows.find((row) => row.type === 'membership');", // 13
      "const wire = { cartable_type: 'penalty' };", // 14
      // SQL over several lines: named by the line that compares.
      'db.execute(sql`select 1 from cart_items', // 15
      "  where cartable_type = 'penalty'`);", // 16
    ].join('\n');
    expect(kindSwitchesIn(source).map((found) => found.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16]);
  });

  it('chooses the stored kind of an added line from its cart/add type', () => {
    expect(addedLineKind('activity')).toBe('activity');
    expect(addedLineKind('purchasableOccurrence')).toBe('av2Booking');
    expect(addedLineKind('purchasableOccurrence', { inCourse: true })).toBe('av2BookingBundle');
    expect(addedLineKind('av2BookingBundle', { inCourse: true })).toBe('av2BookingBundle');
    expect(addedLineKind('av2BookingBundle')).toBe('activity');
    expect(addedLineKind('penalty')).toBe('penalty');
    expect(kindsWhere((kind) => !kind.holdsPlaces)).toEqual(['membership', 'penalty']);
    for (const kind of basketLineKinds) expect(lineKind(kind)).toBeDefined();
  });
});

describe('the database allows exactly the registry kinds', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function checkOf(db: Database, name: string): Promise<string> {
    const [row] = rawRowsOf<{ definition: string }>(
      await db.execute(
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`,
      ),
    );
    return row?.definition ?? '';
  }

  it("cart_items' and order_items' kind checks list the contract's kinds, no more, no fewer", async () => {
    for (const name of ['cart_items_kind_check', 'order_items_kind_check']) {
      const definition = await checkOf(database.db, name);
      const listed = [...definition.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort();
      expect(listed, name).toEqual([...basketLineKinds].sort());
    }
  });
});
