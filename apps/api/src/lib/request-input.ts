import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from '../errors';

/**
 * Liberal in what the API accepts, strict in what it stores (issue 11). Clients written for the
 * original platform send an explicit `null` for an optional key they do not use, and ids as numeric
 * strings (`"ticket_id": "1"`). Rather than widen every schema, the validator repairs exactly what a
 * schema refused for those two reasons and validates again: a `null` the schema does not take means
 * "not given", and a string of digits where the schema wants a number is that number. A `null` the
 * schema does take (a nullable field) is kept, so "clear this value" still works.
 */
type FastifyValidatorCompiler = typeof zodValidatorCompiler;

/** How many rounds of repair: each round fixes every issue zod reported, nested ones show next round. */
const maxRepairs = 4;
const digits = /^-?\d{1,15}$/;

export const validatorCompiler: FastifyValidatorCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  const schema = route.schema as ZodType;
  return (data) => {
    let input = data;
    for (let round = 0; round < maxRepairs; round++) {
      const result = schema.safeParse(input);
      if (result.success) return { value: result.data };
      const repaired = repair(input, result.error.issues);
      if (repaired === undefined) break;
      input = repaired;
    }
    // Let the library word the error, from the repaired input (a `null` for a required key reads as
    // missing, like the key left out).
    return validate(input);
  };
};

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
}

/** A copy of `input` with each refused `null` dropped and each refused numeric string made a number. */
function repair(input: unknown, issues: readonly Issue[]): unknown {
  let copy: unknown;
  let changed = false;
  for (const issue of issues) {
    const value = valueAt(input, issue.path);
    const isNull = value === null && issue.path.length > 0;
    const isNumericString =
      issue.code === 'invalid_type' &&
      issue.expected === 'number' &&
      typeof value === 'string' &&
      digits.test(value.trim());
    if (!isNull && !isNumericString) continue;
    copy ??= structuredClone(input);
    const parent = valueAt(copy, issue.path.slice(0, -1));
    const key = issue.path.at(-1) as string | number;
    if (!isObject(parent)) continue;
    if (isNull && !Array.isArray(parent)) delete parent[key as string];
    else if (isNumericString) (parent as Record<string | number, unknown>)[key] = Number(value);
    else continue;
    changed = true;
  }
  return changed ? copy : undefined;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// ---- Control characters ------------------------------------------------------------------------------

/** C0 controls and DEL, except tab, line feed and carriage return (free text keeps its lines). */
const allowedControls = new Set([0x09, 0x0a, 0x0d]);
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !allowedControls.has(code)) || code === 0x7f) return true;
  }
  return false;
}
const controlCharacterMessage = 'Must not contain control characters.';

/**
 * The wire name of the first string in a request's path, query or JSON body that holds a control
 * character (a NUL byte would reach PostgreSQL, which refuses it), or undefined when there is none.
 */
function fieldWithControlCharacter(request: FastifyRequest): string | undefined {
  for (const part of [request.params, request.query, request.body]) {
    const found = findControlCharacter(part, [], 0);
    if (found !== undefined) return found.join('.') || 'body';
  }
  return undefined;
}

function findControlCharacter(value: unknown, path: string[], depth: number): string[] | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (!isObject(value) || Buffer.isBuffer(value)) return undefined;
  // Bounded like the JSON parser (below): a walk of request input never recurses without limit.
  if (depth >= maxJsonDepth) throw tooDeep();
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, 'body'];
    const found = findControlCharacter(inner, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A `preValidation` hook: 422 with a field message for text holding control characters. */
export function refuseControlCharacters(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  let field: string | undefined;
  try {
    field = fieldWithControlCharacter(request);
  } catch (error) {
    done(error as Error);
    return;
  }
  if (field === undefined) {
    done();
    return;
  }
  void reply
    .status(422)
    .send({ message: controlCharacterMessage, errors: { [field]: [controlCharacterMessage] } });
}

// ---- Nesting depth ---------------------------------------------------------------------------------

/**
 * How deeply a JSON body may nest arrays and objects. The contract's deepest request is a handful of
 * levels; without a bound, a body nested thousands deep overflowed the stack of the walks over it
 * (a 500 instead of a 422).
 */
const maxJsonDepth = 64;
const tooDeepMessage = `Must not nest arrays and objects more than ${maxJsonDepth} levels deep.`;

function tooDeep(): AppError {
  return AppError.validation({ body: [tooDeepMessage] });
}

/** Whether JSON text nests deeper than `limit`: one pass over the text, brackets in strings not counted. */
function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character (\" stays in the string)
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * The one JSON body parser: Fastify's own (prototype poisoning refused), after a depth check on the
 * text, so no parse or walk ever sees a body nested deeper than `maxJsonDepth` (422, nothing changes).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
