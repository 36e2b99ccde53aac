// @ts-check
// The embedded database's session at the level of PostgreSQL's wire protocol, for the host
// (lib/db/pglite-host.mjs). Statements go to PostgreSQL as one extended-protocol message each
// (parse, bind, describe, execute, sync; frontend.mjs writes them) and the answer's bytes, straight
// from PGlite's module (direct-pglite.mjs), are read here: PGlite's own query() makes five calls
// into the WebAssembly module per statement, copies every field it reads, and copies its table of
// 300 type parsers for every result.
import { FrontendWriter } from "./frontend.mjs";
import { ARRAY_TYPES_SQL, paramValue, pgliteParsers, prismaParsers } from "./values.mjs";

/** @typedef {import("./direct-pglite.mjs").DirectPGlite} DirectPGlite */
/** @typedef {import("./values.mjs").Parsers} Parsers */
/** @typedef {{ name: string; dataTypeID: number }} Field */
/** @typedef {{ rows: unknown[]; fields: Field[]; affectedRows: number }} Answer */
/**
 * What crosses the channel of PostgreSQL's error: the fields of its ErrorResponse by name.
 * @typedef {{ message: string; [field: string]: string | undefined }} ErrorFields
 */
/** @typedef {(channel: string, payload: string) => void} OnNotify */

/** PostgreSQL's ErrorResponse fields by their code, under the names node-postgres and PGlite give them. */
export const ERROR_FIELDS = /** @type {const} */ ({
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
});

/**
 * What crosses the channel of an error: PostgreSQL's fields, so the caller can rebuild it.
 * @param {unknown} error
 * @returns {ErrorFields}
 */
export function errorFields(error) {
  /** @type {ErrorFields} */
  const fields = {
    message: error instanceof Error ? error.message : typeof error === "object" ? JSON.stringify(error) : String(error),
  };
  if (error && typeof error === "object")
    for (const key of Object.values(ERROR_FIELDS)) {
      const value = /** @type {Record<string, unknown>} */ (error)[key];
      if (key !== "message" && typeof value === "string") fields[key] = value;
    }
  return fields;
}

/**
 * One statement with its parameters as one message: first the closing of statements no longer
 * kept, then parse (when `text` is given: the statement is new), bind, describe (when `describe`:
 * its columns are not known yet), execute, sync.
 * @param {FrontendWriter} writer
 * @param {string} name
 * @param {string | undefined} text
 * @param {unknown[]} params
 * @param {string[]} closing
 * @param {boolean} describe
 * @returns {Uint8Array}
 */
function statementMessage(writer, name, text, params, closing, describe) {
  for (const old of closing) writer.closeStatement(old);
  if (text !== undefined) writer.parse(name, text);
  writer.bind(name, params.map(paramValue));
  if (describe) writer.describePortal();
  return writer.execute().sync().take();
}

/** @param {string} tag */
function affectedRowsOf(tag) {
  const words = tag.split(" ");
  if (words[0] === "INSERT") return Number(words[2]);
  if (["UPDATE", "DELETE", "MERGE", "COPY"].includes(words[0])) return Number(words[1]);
  return 0;
}

/**
 * Reads PostgreSQL's answer: the last result's rows (objects, or arrays for Prisma), its fields,
 * the rows the command touched, the transaction status of the closing ReadyForQuery (I idle,
 * T in a transaction, E a failed transaction; undefined when none came) and PostgreSQL's error, if
 * it sent one. Notifications go to `onNotify`. `known` are the result's fields when the statement
 * was not described again (a kept statement): its rows come without a RowDescription.
 * @param {Uint8Array} bytes
 * @param {Parsers} parsers
 * @param {boolean} asArrays
 * @param {OnNotify} onNotify
 * @param {Field[]} [known]
 * @returns {Answer & { status: string | undefined; error: ErrorFields | undefined }}
 */
export function readAnswer(bytes, parsers, asArrays, onNotify, known = []) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Text is read from the bytes in place (a view of the same memory, not a copy): a TextDecoder
  // needs a subarray made for each field.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fields = known;
  /** @type {unknown[]} */
  let rows = [];
  let affectedRows = 0;
  /** @type {string | undefined} */
  let status;
  /** @type {ErrorFields | undefined} */
  let error;
  let offset = 0;
  const cstring = () => {
    const end = bytes.indexOf(0, offset);
    const text = buffer.toString("utf8", offset, end);
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
        /** @type {unknown[]} */
        const array = asArrays ? new Array(count) : [];
        /** @type {Record<string, unknown>} */
        const object = {};
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(offset);
          offset += 4;
          /** @type {unknown} */
          let value = null;
          if (size !== -1) {
            const text = buffer.toString("utf8", offset, offset + size);
            offset += size;
            const parse = parsers[fields[i].dataTypeID];
            value = parse ? parse(text, fields[i].dataTypeID) : text;
          }
          if (asArrays) array[i] = value;
          else object[fields[i].name] = value;
        }
        rows.push(asArrays ? array : object);
        break;
      }
      case 0x43:
        // C: CommandComplete
        affectedRows = affectedRowsOf(cstring());
        break;
      case 0x45: {
        // E: ErrorResponse
        /** @type {ErrorFields} */
        const fieldsOfError = { message: "" };
        while (bytes[offset] !== 0) {
          const code = String.fromCharCode(bytes[offset++]);
          const value = cstring();
          const name = ERROR_FIELDS[/** @type {keyof typeof ERROR_FIELDS} */ (code)];
          if (name) fieldsOfError[name] = value;
        }
        error = fieldsOfError;
        break;
      }
      case 0x41: {
        // A: NotificationResponse
        offset += 4;
        const channel = cstring();
        onNotify(channel, cstring());
        break;
      }
      case 0x5a:
        // Z: ReadyForQuery
        status = String.fromCharCode(bytes[offset]);
        break;
    }
    offset = next;
  }
  return { rows, fields, affectedRows, status, error };
}

// Each distinct statement is parsed and planned once and kept, named, in the session: PostgreSQL
// spends about 100 µs of the embedded database's thread parsing and planning even a short statement
// again, more than running it. The most recently used STATEMENTS_KEPT are kept (each holds its
// plan in PostgreSQL's memory, which the WebAssembly heap never gives back). Statements that change
// the schema are not kept, and after one (or a script) every kept statement is dropped: a plan
// kept across a change of the tables it reads may no longer fit them.
const STATEMENTS_KEPT = 128;
const CHANGES_SCHEMA = /^\s*(CREATE|ALTER|DROP|COMMENT|GRANT|REVOKE)\b/i;
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|START TRANSACTION|SET)\b[^;]*;?\s*$/i;

/** PGlite's one session: statements, scripts, and the transaction status after the last of them. */
export class Session {
  /** Transaction status after the last command: I (idle), T (in a transaction), E (failed transaction). */
  status = "I";
  #db;
  #onNotify;
  /** PGlite's parsers, for the raw query path; arrays are read once loadArrayTypes() ran. */
  #raw = pgliteParsers([]);
  /** The adapter's over PGlite's, for Prisma's path. */
  #prisma = prismaParsers(this.#raw);

  /**
   * @param {DirectPGlite} db
   * @param {OnNotify} onNotify
   */
  constructor(db, onNotify) {
    this.#db = db;
    this.#onNotify = onNotify;
  }

  /**
   * @param {Uint8Array} message
   * @param {Parsers} parsers
   * @param {boolean} asArrays
   * @param {Field[]} [known] the result's fields, when the message does not describe the statement
   * @returns {Promise<Answer>}
   */
  async #exchange(message, parsers, asArrays, known) {
    // Read before the next exchange reuses the bytes' buffer.
    const { rows, fields, affectedRows, status, error } = readAnswer(
      this.#db.exchange(message),
      parsers,
      asArrays,
      this.#onNotify,
      known,
    );
    if (status !== undefined) this.status = status;
    if (error) throw Object.assign(new Error(error.message), error, { name: "DatabaseError" });
    return { rows, fields, affectedRows };
  }

  /**
   * One statement; `prisma` selects the value parsers of Prisma's adapter and rows as arrays.
   * @param {string} sql
   * @param {unknown[]} [params]
   * @param {boolean} [prisma]
   * @returns {Promise<Answer>}
   */
  async run(sql, params = [], prisma = false) {
    const parsers = prisma ? this.#prisma : this.#raw;
    if (CHANGES_SCHEMA.test(sql)) {
      this.#forgetStatements();
      const message = statementMessage(this.#writer, "", sql, params, this.#closing.splice(0), true);
      return this.#exchange(message, parsers, prisma);
    }
    const kept = this.#statements.get(sql);
    const name = kept?.name ?? `namesvc_${++this.#named}`;
    if (kept) {
      // Most recently used last: the first is the one to close when one more must be kept.
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
    }
    // A kept statement's columns are known: it is not described again (its answer then has no
    // RowDescription for the database to write and this thread to read, nor field names to decode).
    const message = statementMessage(
      this.#writer,
      name,
      kept ? undefined : sql,
      params,
      this.#closing.splice(0),
      kept === undefined,
    );
    try {
      const answer = await this.#exchange(message, parsers, prisma, kept?.fields);
      if (!kept) this.#keep(sql, { name, fields: answer.fields });
      return answer;
    } catch (error) {
      // A new statement: whether PostgreSQL kept it before the error is not known, so it is closed
      // (closing one that does not exist is not an error) and parsed again next time. A kept one
      // is dropped when PostgreSQL no longer has it or its plan no longer fits the tables.
      const code = /** @type {{ code?: string }} */ (error).code;
      if (kept && (code === "26000" || code === "0A000")) this.#statements.delete(sql);
      if (!kept || code === "26000" || code === "0A000") this.#closing.push(name);
      throw error;
    }
  }

  /** How many statements the session keeps parsed (tests check the bound). */
  get keptStatements() {
    return this.#statements.size;
  }

  /**
   * Statement text to its name in the session and its result's fields, least recently used first.
   * @type {Map<string, { name: string; fields: Field[] }>}
   */
  #statements = new Map();
  #writer = new FrontendWriter();
  #named = 0;
  /** @type {string[]} statements to close with the next message */
  #closing = [];

  /**
   * @param {string} sql
   * @param {{ name: string; fields: Field[] }} statement
   */
  #keep(sql, statement) {
    this.#statements.set(sql, statement);
    if (this.#statements.size <= STATEMENTS_KEPT) return;
    const [oldest, old] = this.#statements.entries().next().value ?? [];
    if (oldest === undefined || old === undefined) return;
    this.#statements.delete(oldest);
    this.#closing.push(old.name);
  }

  #forgetStatements() {
    for (const { name } of this.#statements.values()) this.#closing.push(name);
    this.#statements.clear();
  }

  /** Reads the database's array types, as PGlite does when it starts, so arrays read as PGlite reads them. */
  async loadArrayTypes() {
    const { rows } = await this.run(ARRAY_TYPES_SQL);
    this.#raw = pgliteParsers(/** @type {import("./values.mjs").ArrayType[]} */ (rows));
    this.#prisma = prismaParsers(this.#raw);
  }

  /**
   * Several statements without parameters (migrations, transaction control).
   * @param {string} sql
   * @returns {Promise<void>}
   */
  async script(sql) {
    if (!TRANSACTION_CONTROL.test(sql)) this.#forgetStatements();
    const closing = this.#closing.splice(0);
    for (const name of closing) this.#writer.closeStatement(name);
    if (closing.length > 0) this.#writer.sync();
    await this.#exchange(this.#writer.query(sql).take(), this.#raw, false);
  }

  /** Outside a transaction the session must end idle: a script that opened one and failed is rolled back. */
  async settle() {
    if (this.status !== "I") await this.script("ROLLBACK");
  }
}
