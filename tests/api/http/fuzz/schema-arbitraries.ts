// fast-check generators derived from the zod schemas an endpoint parses (its OpenAPI operation's
// body, query and path parameters), through the JSON Schema zod 4 states for them (`io: "input"`):
// values that satisfy it, and values that break it in exactly one place. No maintained zod 4 →
// fast-check package exists on npm (zod-fast-check supports zod 3 and fast-check < 4).
//
// A JSON Schema cannot say what only the data can (a name that is registered, a token id of this
// partner, an address with a valid EIP-55 checksum): `seeds` give those fields' generators by
// property name, and are mixed with the schema's own.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Generators of a field's values that only the test's data can give, by property name. */
export type Seeds = Record<string, fc.Arbitrary<unknown>>;

/** The JSON Schema of what a zod schema accepts as input. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

// Long strings are generated up to this length; a schema's own maxLength is tested by the broken values.
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 4;

class Generator {
  constructor(
    private readonly root: JsonSchema,
    private readonly seeds: Seeds,
    /** Mixed into every string field, one value in two (hostile strings: valid-ish values). */
    private readonly strings?: fc.Arbitrary<string>,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let resolved = schema;
    for (let hops = 0; resolved.$ref && hops < 10; hops++) {
      const name = /^#\/\$defs\/(.+)$/.exec(resolved.$ref)?.[1];
      const target = name ? this.root.$defs?.[name] : resolved.$ref === "#" ? this.root : undefined;
      if (!target) throw new Error(`Unresolvable $ref ${resolved.$ref}`);
      const { $ref: _ref, ...rest } = resolved;
      resolved = { ...target, ...rest };
    }
    return resolved;
  }

  valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if ("const" in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => this.valid(choice, depth + 1)));
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
    return fc.oneof(...types.map((type) => this.validOfType(schema, type, depth)));
  }

  private validOfType(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "string":
        return this.strings ? fc.oneof(this.string(schema), this.strings) : this.string(schema);
      case "integer":
      case "number": {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
        const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
        const bounded = { min: Math.max(min, -1e15), max: Math.min(max, 1e15) };
        if (type === "integer") return fc.integer({ min: Math.ceil(bounded.min), max: Math.floor(bounded.max) });
        return fc.oneof(
          fc.integer({ min: Math.ceil(bounded.min), max: Math.floor(bounded.max) }),
          fc.double({ ...bounded, noNaN: true, noDefaultInfinity: true }).filter((n) => inRange(schema, n)),
        );
      }
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array": {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS));
        return fc.array(schema.items ? this.valid(schema.items, depth + 1) : fc.jsonValue(), { minLength, maxLength });
      }
      case "object":
        return this.object(schema, depth);
      default:
        throw new Error(`No generator for JSON Schema type ${type}`);
    }
  }

  private string(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
    const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
    if (schema.format === "uuid") return fc.uuid();
    if (schema.format === "date-time")
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString());
    const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : undefined;
    // zod states an e-mail address by its own pattern as well as the format: both must hold.
    if (schema.format === "email") return fc.emailAddress().filter((e) => fits(e) && (pattern?.test(e) ?? true));
    if (pattern) return fc.stringMatching(pattern).filter(fits);
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: "grapheme", minLength, maxLength }).filter(fits),
    );
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries(properties)) {
      const seed = this.seeds[key];
      record[key] = seed
        ? fc.oneof({ weight: 3, arbitrary: seed }, this.valid(property, depth + 1))
        : this.valid(property, depth + 1);
    }
    return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }

  /**
   * Values that break `input` in one place: a wrong type, a bound crossed, a required field missing,
   * a field too many; null for a schema nothing breaks (any JSON value).
   */
  broken(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> | null {
    const schema = this.resolve(input);
    const choices: fc.Arbitrary<unknown>[] = [];
    const wrongTypes = wrongTypesFor(schema, (s) => this.resolve(s));
    if (wrongTypes.length > 0) choices.push(fc.constantFrom(...wrongTypes));
    if (schema.enum || "const" in schema) choices.push(fc.constant("not-one-of-them"));
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.includes("string")) {
      if (schema.maxLength !== undefined) choices.push(fc.constant("a".repeat(schema.maxLength + 1)));
      if (schema.minLength) choices.push(fc.constant("a".repeat(schema.minLength - 1)));
      if (schema.pattern || schema.format) choices.push(fc.constantFrom("\u0000", " not it ", "\ud800"));
    }
    if (types.includes("integer") || types.includes("number")) {
      if (schema.maximum !== undefined) choices.push(fc.constant(schema.maximum + 1));
      if (schema.minimum !== undefined) choices.push(fc.constant(schema.minimum - 1));
      if (schema.exclusiveMinimum !== undefined) choices.push(fc.constant(schema.exclusiveMinimum));
      if (types.includes("integer") && !types.includes("number")) choices.push(fc.constant(1.5));
    }
    if (types.includes("array")) {
      if (schema.maxItems !== undefined && schema.maxItems < 200 && schema.items)
        choices.push(
          fc.array(this.valid(schema.items, depth + 1), {
            minLength: schema.maxItems + 1,
            maxLength: schema.maxItems + 1,
          }),
        );
      if (schema.minItems) choices.push(fc.constant([]));
      const brokenItem = schema.items && depth < 4 ? this.broken(schema.items, depth + 1) : null;
      if (brokenItem && (schema.maxItems ?? Infinity) > 0)
        choices.push(
          fc
            .tuple(
              this.valid({ ...schema, maxItems: (schema.maxItems ?? MAX_GENERATED_ITEMS) - 1 }, depth + 1),
              brokenItem,
            )
            .map(([array, item]) => [...(array as unknown[]), item]),
        );
    }
    if (types.includes("object") && schema.properties) {
      const valid = this.object(schema, depth + 1);
      const breakable = depth < 4 ? Object.entries(schema.properties) : [];
      for (const [key, property] of breakable) {
        const value = this.broken(property, depth + 1);
        if (value) choices.push(fc.tuple(valid, value).map(([object, bad]) => ({ ...object, [key]: bad })));
      }
      if (schema.required?.length)
        choices.push(
          fc.tuple(valid, fc.constantFrom(...schema.required)).map(([object, key]) => {
            const { [key]: _gone, ...rest } = object;
            return rest;
          }),
        );
      if (schema.additionalProperties === false) choices.push(valid.map((object) => ({ ...object, notAField: 1 })));
    }
    return choices.length > 0 ? fc.oneof(...choices) : null;
  }
}

function inRange(schema: JsonSchema, n: number): boolean {
  if (schema.minimum !== undefined && n < schema.minimum) return false;
  if (schema.maximum !== undefined && n > schema.maximum) return false;
  if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) return false;
  if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) return false;
  return true;
}

/** JSON values of a type the schema does not allow. */
function wrongTypesFor(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): unknown[] {
  const alternatives = (schema.anyOf ?? schema.oneOf ?? [schema]).map(resolve);
  // An alternative without a type (a $ref, any value) may take anything: no type is wrong for sure.
  if (alternatives.some((s) => !s.type && !s.enum && !("const" in s))) return [];
  const allowed = new Set(
    alternatives.flatMap((s) =>
      Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.enum ? s.enum.map(typeOfJson) : [typeOfJson(s.const)],
    ),
  );
  const samples: [string, unknown][] = [
    ["string", "a string"],
    ["number", 12.5],
    ["boolean", true],
    ["null", null],
    ["array", ["x"]],
    ["object", { x: 1 }],
  ];
  return samples.filter(([type]) => !allowed.has(type)).map(([, value]) => value);
}

function typeOfJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

/** Values the schema accepts (seeds mixed in by property name). */
export function validOf(schema: z.ZodType, seeds: Seeds = {}): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return new Generator(json, seeds).valid(json);
}

/**
 * Values the schema accepts except that any string field may instead hold one of `strings` (NUL,
 * lone surrogates, look-alike letters, huge strings): a string the schema takes is not yet one the
 * code behind it can store.
 */
export function validishOf(schema: z.ZodType, seeds: Seeds, strings: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return new Generator(json, seeds, strings).valid(json);
}

/** Values the schema refuses, each broken in one place (seeds fill the fields left intact). */
export function brokenOf(schema: z.ZodType, seeds: Seeds = {}): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  const broken = new Generator(json, seeds).broken(json);
  if (!broken) throw new Error("This schema accepts any value: nothing breaks it.");
  return broken;
}

/**
 * A query string or path parameters from an object schema: each value as the URL carries it (a
 * string; an array repeated for a query). Valid three times in four, else broken in one field.
 */
export function textFieldsOf(
  schema: z.ZodObject,
  seeds: Seeds = {},
  strings?: fc.Arbitrary<string>,
): fc.Arbitrary<Record<string, string | string[]>> {
  const valid = strings ? validishOf(schema, seeds, strings) : validOf(schema, seeds);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: brokenOf(schema, seeds) }).map((value) => {
    const fields: Record<string, string | string[]> = {};
    if (value === null || typeof value !== "object" || Array.isArray(value)) return fields;
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (field === undefined) continue;
      fields[key] = Array.isArray(field) ? field.map(textOf) : textOf(field);
    }
    return fields;
  });
}

const textOf = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** An Ajv validator of a zod schema's JSON Schema (for the generators' own test). */
export function jsonSchemaValidator(schema: z.ZodType): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, unicodeRegExp: true });
  addFormats.default(ajv);
  return ajv.compile(jsonSchemaOf(schema));
}
