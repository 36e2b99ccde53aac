// The API's own document as the judge of every answer the test client receives: the operation is
// found by method and path, its status must be one the document lists, and the body must match
// that status's schema (JSON Schema 2020-12, with formats) or be empty where the document says no
// body. Paths outside the document are 404 and methods outside it 405, each with `{message}`.
// So the document cannot drift from what the server sends without a test failing.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/app/v1/openapi.json/document";

const DOCUMENT_ID = "https://namesvc.test/openapi.json";

interface Operation {
  responses: Record<string, { content?: { "application/json"?: { schema?: unknown }; "text/csv"?: unknown } }>;
}

interface Route {
  pattern: RegExp;
  template: string;
  methods: Record<string, Operation>;
}

interface Contract {
  routes: Route[];
  validator(pointer: string): ValidateFunction;
  serverError: ValidateFunction;
}

let contract: Contract | undefined;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function load(): Contract {
  const document = openApiDocument() as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's other keys are not schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const routes = Object.entries(document.paths)
    .map(([template, methods]) => ({
      template,
      methods,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+").replace(/\./g, "\\.")}$`),
    }))
    // Fixed segments win over parameters: /v1/resolve before /v1/resolve/{domain}.
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return { routes, validator, serverError: validator("/components/schemas/ServerErrorResponse") };
}

const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "(body)"} ${e.message}`)
    .join("; ");

/**
 * Why an answer breaks the document, or undefined when it keeps to it. `path` is the request path
 * with its query; only paths under /v1 are judged, and preflights and HEAD (no operation) are not.
 */
export function contractViolation(
  method: string,
  path: string,
  response: { status: number; contentType: string | null; text: string },
): string | undefined {
  const pathname = path.split("?")[0]!;
  const upper = method.toUpperCase();
  if (!pathname.startsWith("/v1/") || upper === "OPTIONS" || upper === "HEAD") return undefined;
  contract ??= load();
  const where = `${upper} ${pathname} answered ${response.status}`;
  const parse = (): { ok: true; body: unknown } | { ok: false; why: string } => {
    if (!/^application\/json\b/.test(response.contentType ?? ""))
      return { ok: false, why: `${where} with content-type ${response.contentType ?? "(none)"}, not application/json` };
    try {
      return { ok: true, body: JSON.parse(response.text) };
    } catch {
      return { ok: false, why: `${where} with a body that is not JSON: ${response.text.slice(0, 120)}` };
    }
  };
  const generic = (expected: number, what: string) => {
    if (response.status !== expected) return `${where}: ${what}, the document lists no such operation`;
    const parsed = parse();
    if (!parsed.ok) return parsed.why;
    return contract!.serverError(parsed.body)
      ? undefined
      : `${where} without {message}: ${response.text.slice(0, 120)}`;
  };

  const route = contract.routes.find((r) => r.pattern.test(pathname));
  if (!route) return generic(404, "an unknown path");
  const operation = route.methods[method.toLowerCase()];
  if (!operation) return generic(405, `method ${upper} on ${route.template}`);
  const documented = operation.responses[String(response.status)];
  if (!documented)
    return (
      `${where}, a status the document does not list for ${upper} ${route.template} (it lists ` +
      `${Object.keys(operation.responses).join(", ")}): ${response.text.slice(0, 160)}`
    );
  if (documented.content?.["text/csv"] && /^text\/csv\b/.test(response.contentType ?? "")) return undefined;
  if (!documented.content?.["application/json"]) {
    return response.text === "" ? undefined : `${where} with a body, where the document says none`;
  }
  const parsed = parse();
  if (!parsed.ok) return parsed.why;
  const pointer =
    `/paths/${escapePointer(route.template)}/${method.toLowerCase()}` +
    `/responses/${response.status}/content/application~1json/schema`;
  const validate = contract.validator(pointer);
  if (validate(parsed.body)) return undefined;
  return (
    `${where} with a body outside the document's schema for ${upper} ${route.template}: ` +
    `${describeErrors(validate)}; body ${response.text.slice(0, 200)}`
  );
}

/** Throws when `response` breaks the document; the response stays readable by the caller. */
export async function assertKeepsToContract(method: string, path: string, response: Response): Promise<void> {
  const text = await response.clone().text();
  const violation = contractViolation(method, path, {
    status: response.status,
    contentType: response.headers.get("content-type"),
    text,
  });
  if (violation) throw new Error(`The answer breaks the OpenAPI document: ${violation}`);
}
