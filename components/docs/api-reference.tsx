"use client";
// The API reference, drawn from GET /v1/openapi.json, so it shows what the server serves.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient, unwrap } from "../api/client";
import { Badge, ErrorPanel, Loading } from "../status";

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  "x-token-types"?: string[];
};
type Document = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHOD_TONE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  delete: "bg-red-100 text-red-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;
const anchorOf = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");

export function ApiReference() {
  const doc = useQuery({
    queryKey: ["openapi"],
    // The generated type says only "an OpenAPI document"; this page reads the parts it draws.
    queryFn: async ({ signal }) => (await unwrap(apiClient.GET("/v1/openapi.json", { signal }))) as unknown as Document,
    staleTime: 300_000,
  });
  if (doc.isPending) return <Loading label="Loading the API description…" />;
  if (doc.isError)
    return (
      <ErrorPanel error={doc.error} title="The API description could not be loaded" onRetry={() => doc.refetch()} />
    );
  const { info, paths, components } = doc.data;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const schemas = components?.schemas ?? {};

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav
        aria-label="Endpoints"
        className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto"
      >
        <ul className="space-y-1 text-sm">
          {operations.map(({ path, method }) => (
            <li key={`${method} ${path}`}>
              <a href={`#${anchorOf(method, path)}`} className="flex gap-2 rounded px-1 py-0.5 hover:bg-slate-100">
                <span className="w-12 shrink-0 font-mono text-xs uppercase text-slate-500">{method}</span>
                <span className="min-w-0 break-all font-mono text-xs">{path}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-6 [overflow-wrap:anywhere]">
        <section className="card">
          <h2 className="text-lg font-semibold">
            {info.title} <span className="text-sm font-normal text-slate-500">v{info.version}</span>
          </h2>
          {info.description ? <p className="mt-2 text-sm text-slate-700">{info.description}</p> : null}
          <p className="mt-3 text-sm text-slate-700">
            Protected endpoints take{" "}
            <code className="rounded bg-slate-100 px-1">{"Authorization: Bearer <access token>"}</code>. Errors are{" "}
            <code className="rounded bg-slate-100 px-1">{"{ field, info }"}</code> or{" "}
            <code className="rounded bg-slate-100 px-1">{"{ errors: [{ field, info }] }"}</code>; a 500 is{" "}
            <code className="rounded bg-slate-100 px-1">{"{ message }"}</code>.
          </p>
          <p className="mt-2 text-sm">
            <a href="/v1/openapi.json" className="text-indigo-700 underline">
              Download the OpenAPI document
            </a>
          </p>
        </section>
        {operations.length === 0 ? (
          <p className="text-sm text-slate-600">The document lists no endpoints yet.</p>
        ) : null}
        {operations.map(({ path, method, op }) => (
          <OperationCard key={`${method} ${path}`} path={path} method={method} op={op} schemas={schemas} />
        ))}
        {Object.keys(schemas).length > 0 ? (
          <section className="card" aria-labelledby="schemas-heading">
            <h2 id="schemas-heading" className="text-lg font-semibold">
              Schemas
            </h2>
            <div className="mt-3 space-y-4">
              {Object.entries(schemas).map(([name, schema]) => (
                <div key={name} id={`schema-${name}`} className="scroll-mt-4">
                  <h3 className="font-mono text-sm font-semibold">{name}</h3>
                  {schema.description ? <p className="text-sm text-slate-600">{schema.description}</p> : null}
                  <div className="mt-1">
                    <SchemaView schema={schema} schemas={schemas} depth={0} expandRefs={false} />
                  </div>
                </div>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function OperationCard({
  path,
  method,
  op,
  schemas,
}: {
  path: string;
  method: string;
  op: Operation;
  schemas: Record<string, Schema>;
}) {
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const tokenTypes = op["x-token-types"];
  return (
    <section
      id={anchorOf(method, path)}
      className="card scroll-mt-4 space-y-4"
      aria-label={`${method.toUpperCase()} ${path}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={
            "rounded px-2 py-0.5 font-mono text-xs font-bold uppercase " + (METHOD_TONE[method] ?? "bg-slate-100")
          }
        >
          {method}
        </span>
        <code className="min-w-0 break-all font-mono text-sm font-semibold">{path}</code>
        {tokenTypes && tokenTypes.length > 0 ? (
          <Badge tone="amber">Token: {tokenTypes.join(" or ")}</Badge>
        ) : (
          <Badge tone="green">No token</Badge>
        )}
      </div>
      {op.summary ? <h3 className="font-semibold">{op.summary}</h3> : null}
      {op.description ? <p className="whitespace-pre-line text-sm text-slate-700">{op.description}</p> : null}
      {op.parameters && op.parameters.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Parameters</h4>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="py-2">
                <span className="font-mono font-semibold">{p.name}</span>{" "}
                <span className="text-slate-500">in {p.in}</span>
                {p.required ? <span className="ml-1 text-xs text-red-700">required</span> : null}
                {p.schema ? <span className="ml-2 text-slate-500">{typeLabel(p.schema)}</span> : null}
                {p.description ? <p className="text-slate-600">{p.description}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Request body</h4>
          <div className="mt-1">
            <SchemaView schema={body} schemas={schemas} depth={0} expandRefs />
          </div>
        </div>
      ) : null}
      {op.responses ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Responses</h4>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {Object.entries(op.responses).map(([status, response]) => {
              const schema = response.content?.["application/json"]?.schema;
              return (
                <li key={status} className="flex flex-wrap gap-x-3 py-1.5">
                  <span
                    className={
                      "font-mono font-semibold " + (status.startsWith("2") ? "text-emerald-700" : "text-red-700")
                    }
                  >
                    {status}
                  </span>
                  <span className="min-w-0 flex-1 text-slate-700">{response.description}</span>
                  {schema ? <SchemaLink schema={schema} /> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SchemaLink({ schema }: { schema: Schema }) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#schema-${name}`} className="font-mono text-indigo-700 underline">
        {name}
      </a>
    );
  }
  if (schema.type === "array" && schema.items?.$ref) {
    const name = refName(schema.items.$ref);
    return (
      <a href={`#schema-${name}`} className="font-mono text-indigo-700 underline">
        {name}[]
      </a>
    );
  }
  return <span className="font-mono text-slate-500">{typeLabel(schema)}</span>;
}

function typeLabel(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum)
    return schema.enum.length > 8 ? `one of ${schema.enum.length} values` : schema.enum.map(String).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(" | ");
  if (schema.type === "array") return `${schema.items ? typeLabel(schema.items) : "any"}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function SchemaView({
  schema,
  schemas,
  depth,
  expandRefs,
}: {
  schema: Schema;
  schemas: Record<string, Schema>;
  depth: number;
  expandRefs: boolean;
}) {
  const resolved = schema.$ref && expandRefs && depth < 3 ? schemas[refName(schema.$ref)] : undefined;
  const target = resolved ?? schema;
  if (target.properties && (resolved || !schema.$ref)) {
    const required = new Set(target.required ?? []);
    return (
      <ul className="space-y-1 border-l-2 border-slate-100 pl-3 text-sm">
        {Object.entries(target.properties).map(([name, property]) => (
          <li key={name}>
            <span className="font-mono font-semibold">{name}</span>
            {required.has(name) ? <span className="ml-1 text-xs text-red-700">required</span> : null}
            <span className="ml-2 text-slate-500">
              <TypeOf schema={property} />
            </span>
            {property.description ? <p className="text-slate-600">{property.description}</p> : null}
            {property.enum && property.enum.length > 8 ? <EnumList values={property.enum} /> : null}
            {depth < 2 && property.type === "array" && property.items?.$ref && expandRefs ? (
              <SchemaView schema={property.items} schemas={schemas} depth={depth + 1} expandRefs />
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="text-sm text-slate-600">
      <TypeOf schema={target} />
      {target.enum && target.enum.length > 8 ? <EnumList values={target.enum} /> : null}
    </div>
  );
}

function TypeOf({ schema }: { schema: Schema }) {
  if (schema.$ref) return <SchemaLink schema={schema} />;
  if (schema.type === "array" && schema.items?.$ref) return <SchemaLink schema={schema} />;
  return <span className="font-mono">{typeLabel(schema)}</span>;
}

function EnumList({ values }: { values: unknown[] }) {
  const [open, setOpen] = useState(false);
  const shown = open ? values : values.slice(0, 12);
  return (
    <p className="mt-1 break-words font-mono text-xs text-slate-600">
      {shown.map(String).join(", ")}
      {values.length > shown.length ? "…" : ""}{" "}
      {values.length > 12 ? (
        <button type="button" className="text-indigo-700 underline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? "Show fewer" : `Show all ${values.length}`}
        </button>
      ) : null}
    </p>
  );
}
