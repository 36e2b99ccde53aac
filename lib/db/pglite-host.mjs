// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) in a worker of
// the server's process, driven over the worker's message channel by lib/db/embedded.ts. Queries
// never run on the thread that answers HTTP.
//
// PGlite runs one statement at a time on one session, so this thread decides the order:
// statements outside transactions ("reads", though single writes come this way too) go before
// transactions waiting to start, a bounded number at a time so a stream of reads cannot starve
// them; a transaction, once started, has the session until it commits or rolls back. A read never
// runs inside another caller's open transaction, so it never sees uncommitted rows.
//
// Statements go to PostgreSQL as one extended-protocol message each (parse, bind, describe,
// execute, sync) and the answer is read here: PGlite's own query() makes five calls into the
// WebAssembly module per statement, copies every field it reads, and copies its table of 300 type
// parsers for every result. Parameters are sent as text, typed by PostgreSQL from the statement,
// as node-postgres sends them to a PostgreSQL server.
//
// Plain JavaScript, run as a worker with no TypeScript loader: `workerData.dataDir` is the data
// directory, none for an in-memory database. Only one server opens a data directory: it holds
// DATA_DIR's lock (lib/server/data-dir-lock.ts).
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, protocol, types } from "@electric-sql/pglite";

const dataDir = workerData?.dataDir || undefined;

// Reads admitted ahead of a waiting transaction before it gets its turn.
const READS_PER_TURN = 64;

// ---------------------------------------------------------------- values

// Array types by their element type, for the standard types (an array of another type reads as text).
const ARRAY_ELEMENTS = {
  1000: 16, // bool
  1001: 17, // bytea
  1005: 21, // int2
  1007: 23, // int4
  1009: 25, // text
  1014: 1042, // bpchar
  1015: 1043, // varchar
  1016: 20, // int8
  1021: 700, // float4
  1022: 701, // float8
  1028: 26, // oid
  1115: 1114, // timestamp
  1182: 1082, // date
  1185: 1184, // timestamptz
  1231: 1700, // numeric
  199: 114, // json
  2951: 2950, // uuid
  3807: 3802, // jsonb
};

function withArrays(scalars) {
  const parsers = { ...scalars };
  for (const [array, element] of Object.entries(ARRAY_ELEMENTS)) {
    if (parsers[array]) continue;
    const parseElement = scalars[element];
    parsers[array] = (value) => types.arrayParser(value, parseElement, Number(array));
  }
  return parsers;
}

// What the raw query path has always returned: PGlite's parsers (Date, number, bigint, JSON...).
const RAW_PARSERS = withArrays(types.parsers);

// The value parsers Prisma's PGlite adapter (pglite-prisma-adapter) asks for: dates, times, big
// integers, numerics and JSON as the text PostgreSQL sent, bytes as an array of numbers. Its own
// table holds functions, which cannot cross the channel; `prisma: true` on a query selects this one.
const identity = (value) => value;
const withoutOffset = (value) => value.split("+")[0];
const bytesOf = (value) => Array.from(Buffer.from(value.slice(2), "hex"));
const PRISMA_PARSERS = withArrays({
  ...types.parsers,
  [types.INT8]: identity,
  [types.NUMERIC]: identity,
  [types.TIME]: identity,
  [types.TIMETZ]: withoutOffset,
  [types.DATE]: identity,
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: withoutOffset,
  [types.MONEY]: (value) => value.slice(1),
  [types.JSON]: identity,
  [types.JSONB]: identity,
  [types.BYTEA]: bytesOf,
});

function paramText(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array)
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  if (Array.isArray(value)) return types.arraySerializer(value, paramText);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function paramValue(value) {
  // Bytes go as a binary parameter, the rest as text.
  if (value instanceof Uint8Array) return value;
  return paramText(value);
}

// ---------------------------------------------------------------- the session

const { serialize } = protocol;
const decoder = new TextDecoder();

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

const ERROR_FIELDS = {
  S: "severity",
  C: "code",
  M: "message",
  D: "detail",
  H: "hint",
  P: "position",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/** Transaction status after the last command: I (idle), T (in a transaction), E (failed transaction). */
let status = "I";

/**
 * Reads PostgreSQL's answer: the last result's rows (objects, or arrays for Prisma), its fields,
 * the rows the command touched; notifications are forwarded; an error is thrown after the sync.
 */
function readAnswer(bytes, parsers, asArrays) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fields = [];
  let rows = [];
  let affectedRows = 0;
  let error;
  let offset = 0;
  const cstring = () => {
    const end = bytes.indexOf(0, offset);
    const text = decoder.decode(bytes.subarray(offset, end));
    offset = end + 1;
    return text;
  };
  while (offset < bytes.length) {
    const type = bytes[offset];
    const length = view.getInt32(offset + 1);
    const next = offset + 1 + length;
    offset += 5;
    switch (type) {
      case 0x54: {
        // T: RowDescription
        const count = view.getInt16(offset);
        offset += 2;
        fields = new Array(count);
        for (let i = 0; i < count; i++) {
          const name = cstring();
          fields[i] = { name, dataTypeID: view.getInt32(offset + 6) };
          offset += 18;
        }
        rows = [];
        break;
      }
      case 0x44: {
        // D: DataRow
        const count = view.getInt16(offset);
        offset += 2;
        const row = asArrays ? new Array(count) : {};
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(offset);
          offset += 4;
          let value = null;
          if (size !== -1) {
            const text = decoder.decode(bytes.subarray(offset, offset + size));
            offset += size;
            const parse = parsers[fields[i].dataTypeID];
            value = parse ? parse(text, fields[i].dataTypeID) : text;
          }
          if (asArrays) row[i] = value;
          else row[fields[i].name] = value;
        }
        rows.push(row);
        break;
      }
      case 0x43: {
        // C: CommandComplete
        const tag = cstring().split(" ");
        affectedRows = ["INSERT"].includes(tag[0])
          ? Number(tag[2])
          : ["UPDATE", "DELETE", "MERGE", "COPY"].includes(tag[0])
            ? Number(tag[1])
            : 0;
        break;
      }
      case 0x45: {
        // E: ErrorResponse
        error = {};
        while (bytes[offset] !== 0) {
          const code = String.fromCharCode(bytes[offset++]);
          const value = cstring();
          if (ERROR_FIELDS[code]) error[ERROR_FIELDS[code]] = value;
        }
        break;
      }
      case 0x41: {
        // A: NotificationResponse
        offset += 4;
        const channel = cstring();
        send({ op: "notify", channel, payload: cstring() });
        break;
      }
      case 0x5a:
        // Z: ReadyForQuery
        status = String.fromCharCode(bytes[offset]);
        break;
    }
    offset = next;
  }
  if (error) throw Object.assign(new Error(error.message), error, { name: "DatabaseError" });
  return { rows, fields, affectedRows };
}

// PGlite parses every backend message it relays and keeps it in a list that only execProtocol()
// empties; execProtocolRaw() never does, so a host that used it alone kept every row it ever read
// (about 8.6 KB per 50-row batch: the bench's memory run reached the 96 MB heap limit and the host
// aborted). A Sync sent through execProtocol() every RAW_CALLS_PER_CLEAR raw calls empties it.
const RAW_CALLS_PER_CLEAR = 64;
let rawCalls = 0;

async function execRaw(message) {
  const answer = await db.execProtocolRaw(message, { syncToFs: false });
  if (++rawCalls >= RAW_CALLS_PER_CLEAR) {
    rawCalls = 0;
    await db.execProtocol(serialize.sync(), { syncToFs: false, throwOnError: false });
  }
  return answer;
}

async function run(sql, params = [], prisma = false) {
  const message = concat([
    serialize.parse({ text: sql }),
    serialize.bind({ values: params.map(paramValue) }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const answer = await execRaw(message);
  return readAnswer(answer, prisma ? PRISMA_PARSERS : RAW_PARSERS, prisma);
}

/** Several statements without parameters (migrations, transaction control). */
async function script(sql) {
  const answer = await execRaw(serialize.query(sql));
  readAnswer(answer, RAW_PARSERS, false);
}

/** Outside a transaction the session must end idle: a script that opened one and failed is rolled back. */
async function settle() {
  if (status !== "I") await script("ROLLBACK");
}

// ---------------------------------------------------------------- the channel

function send(message) {
  parentPort.postMessage(message);
}

/** What crosses the channel of an error: PostgreSQL's fields, so the caller can rebuild it. */
function errorFields(error) {
  const fields = {
    message: error instanceof Error ? error.message : typeof error === "object" ? JSON.stringify(error) : String(error),
  };
  if (error && typeof error === "object")
    for (const key of Object.values(ERROR_FIELDS))
      if (key !== "message" && typeof error[key] === "string") fields[key] = error[key];
  return fields;
}

// ---------------------------------------------------------------- scheduling

/** Statements and scripts outside transactions, in arrival order: { id, work }. */
const reads = [];
/** Requests to open a transaction: { id }. */
const begins = [];
let busy = false;
let readsThisTurn = 0;
/** The open transaction's id; it holds the session (`busy`) until it ends. */
let open;
let nextTransactionId = 1;
let closing = false;

function schedule() {
  if (busy || closing) return;
  const readTurn = reads.length > 0 && (begins.length === 0 || readsThisTurn < READS_PER_TURN);
  if (readTurn) {
    readsThisTurn++;
    const read = reads.shift();
    busy = true;
    void answer(read.id, async () => {
      try {
        return await read.work();
      } finally {
        await settle();
      }
    }).finally(() => {
      busy = false;
      schedule();
    });
    return;
  }
  if (begins.length > 0) {
    readsThisTurn = 0;
    const request = begins.shift();
    busy = true;
    const id = nextTransactionId++;
    script("BEGIN").then(
      () => {
        open = id;
        send({ id: request.id, result: id });
      },
      (error) => {
        send({ id: request.id, error: errorFields(error) });
        end();
      },
    );
  }
}

function end() {
  open = undefined;
  busy = false;
  schedule();
}

function isOpen(id, transactionId) {
  if (open !== undefined && open === transactionId) return true;
  send({ id, error: { message: `Transaction ${transactionId} is not open.` } });
  return false;
}

async function answer(id, work) {
  try {
    send({ id, result: await work() });
  } catch (error) {
    send({ id, error: errorFields(error) });
  }
}

function onMessage(message) {
  const { id, op } = message;
  switch (op) {
    case "query":
    case "exec": {
      const work =
        op === "query"
          ? async () => run(message.sql, message.params, message.prisma)
          : async () => void (await script(message.sql));
      if (message.tx === undefined) {
        reads.push({ id, work });
        return schedule();
      }
      if (isOpen(id, message.tx)) void answer(id, work);
      return;
    }
    case "begin":
      begins.push({ id });
      return schedule();
    case "commit":
    case "rollback": {
      if (!isOpen(id, message.tx)) return;
      // A COMMIT of a failed transaction rolls it back, as PostgreSQL does.
      void answer(id, async () => {
        try {
          await script(op === "commit" ? "COMMIT" : "ROLLBACK");
          return null;
        } finally {
          await settle().catch(() => undefined);
          end();
        }
      });
      return;
    }
    case "listen":
    case "unlisten":
      reads.push({
        id,
        work: () => script(`${op === "listen" ? "LISTEN" : "UNLISTEN"} "${message.channel.replace(/"/g, '""')}"`),
      });
      return schedule();
    case "close":
      return void close(id);
  }
}

async function close(id) {
  closing = true;
  for (const pending of [...reads, ...begins]) send({ id: pending.id, error: { message: "The database is closing." } });
  reads.length = 0;
  begins.length = 0;
  while (busy && open === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  await db.close().catch(() => undefined);
  if (id !== undefined) send({ id, result: null });
  // In a worker this ends the thread, not the process.
  process.exit(0);
}

// ---------------------------------------------------------------- start

// Shared buffers for the embedded database. PGlite's build starts PostgreSQL with
// `-c shared_buffers=128MB` written into its C code: no option of PGlite's, `-c` argument or
// ALTER SYSTEM overrides it, and the 128 MB are zero-filled at start, so they are resident from the
// first moment (they were 128 of the 174 MB WebAssembly heap). The embedded database of a single
// server holds tens of megabytes, and pages outside the buffers are read back from the operating
// system's file cache, so 16 MB keeps its speed (measured in `npm run soak`) at 112 MB less.
const SHARED_BUFFERS = "16MB";
const BUILT_IN_SETTING = "shared_buffers=128MB";

/**
 * PGlite's WebAssembly module with the built-in shared_buffers setting replaced by ours, in the
 * bytes in memory (the installed file is not touched). The setting is a NUL-terminated string in
 * the module's data; ours is no longer, and the spare bytes stay NUL. If a PGlite version no longer
 * holds that string exactly once, PGlite starts with its own setting:
 * tests/unit/db/embedded.test.ts reads the setting back and fails then.
 */
async function postgresModule() {
  const file = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  const bytes = readFileSync(file);
  const needle = Buffer.from(`\0${BUILT_IN_SETTING}\0`);
  const at = bytes.indexOf(needle);
  if (at >= 0 && bytes.indexOf(needle, at + 1) < 0) {
    const replacement = Buffer.alloc(BUILT_IN_SETTING.length);
    replacement.write(`shared_buffers=${SHARED_BUFFERS}`);
    replacement.copy(bytes, at + 1);
  } else {
    process.emitWarning(`PGlite's ${BUILT_IN_SETTING} was not found once in its module; left as it is.`);
  }
  return WebAssembly.compile(bytes);
}

let db;
try {
  db = new PGlite(dataDir, { wasmModule: await postgresModule() });
  await db.waitReady;
  // PGlite's build reports debug messages to the client and the log by default: formatting them
  // costs as much as a simple statement.
  await script("SET client_min_messages TO warning; SET log_min_messages TO error");
  parentPort.on("message", onMessage);
  send({ op: "ready" });
} catch (error) {
  send({ op: "failed", error: errorFields(error) });
  process.exit(1);
}
