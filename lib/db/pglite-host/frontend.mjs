// @ts-check
// PostgreSQL's frontend messages as the embedded database's session sends them (wire.mjs), written
// straight into one buffer that every message reuses. PGlite's serializer (`protocol.serialize`)
// builds each message in writers of its own and copies it out, and a Bind through a second writer
// and two more copies: on a batch of name lookups it was 9% of the database thread's time (a CPU
// profile of the thread running the lookups' statement in a loop).

/** A parameter as Bind carries it: text, bytes (sent as binary) or null (SQL NULL). */
/** @typedef {string | Uint8Array | null} Parameter */

const INITIAL_BYTES = 4096;
// A buffer that grew past this (a large statement or parameter) is not kept for the next message.
const KEPT_BYTES = 256 * 1024;

export class FrontendWriter {
  /** @type {Buffer} */
  #bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  #at = 0;
  /** Where the message being written starts (its type byte). */
  #start = 0;

  /**
   * The messages written since the last call: a view of the writer's buffer, which the next
   * message overwrites, so it is to be sent before another is written.
   * @returns {Uint8Array}
   */
  take() {
    const written = this.#bytes.subarray(0, this.#at);
    this.#at = 0;
    if (this.#bytes.length > KEPT_BYTES) this.#bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
    return written;
  }

  /**
   * Parse: a statement's text under a name ("" for the unnamed statement), parameter types left
   * to PostgreSQL.
   * @param {string} name
   * @param {string} text
   */
  parse(name, text) {
    this.#begin(0x50);
    this.#cstring(name);
    this.#cstring(text);
    this.#int16(0);
    return this.#end();
  }

  /**
   * Bind: the named statement's parameters into the unnamed portal, every result column as text.
   * @param {string} statement
   * @param {Parameter[]} values
   */
  bind(statement, values) {
    this.#begin(0x42);
    this.#cstring("");
    this.#cstring(statement);
    this.#int16(values.length);
    for (const value of values) this.#int16(value instanceof Uint8Array ? 1 : 0);
    this.#int16(values.length);
    for (const value of values) {
      if (value === null) {
        this.#int32(-1);
      } else if (value instanceof Uint8Array) {
        this.#int32(value.length);
        this.#room(value.length);
        this.#bytes.set(value, this.#at);
        this.#at += value.length;
      } else {
        const lengthAt = this.#at;
        this.#at += 4;
        const written = this.#utf8(value);
        this.#bytes.writeInt32BE(written, lengthAt);
      }
    }
    this.#int16(0);
    return this.#end();
  }

  /** Describe of the unnamed portal: its columns (RowDescription) or NoData. */
  describePortal() {
    this.#begin(0x44);
    this.#byte(0x50);
    this.#cstring("");
    return this.#end();
  }

  /** Execute of the unnamed portal, every row. */
  execute() {
    this.#begin(0x45);
    this.#cstring("");
    this.#int32(0);
    return this.#end();
  }

  /** Close of a named statement. @param {string} name */
  closeStatement(name) {
    this.#begin(0x43);
    this.#byte(0x53);
    this.#cstring(name);
    return this.#end();
  }

  sync() {
    this.#begin(0x53);
    return this.#end();
  }

  /** Query: a script of one or more statements, with no parameters. @param {string} text */
  query(text) {
    this.#begin(0x51);
    this.#cstring(text);
    return this.#end();
  }

  /** @param {number} type */
  #begin(type) {
    this.#room(5);
    this.#start = this.#at;
    this.#bytes[this.#at] = type;
    this.#at += 5;
  }

  #end() {
    this.#bytes.writeInt32BE(this.#at - this.#start - 1, this.#start + 1);
    return this;
  }

  /** @param {number} size */
  #room(size) {
    if (this.#at + size <= this.#bytes.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#at + size));
    this.#bytes.copy(larger, 0, 0, this.#at);
    this.#bytes = larger;
  }

  /** @param {number} value */
  #byte(value) {
    this.#room(1);
    this.#bytes[this.#at++] = value;
  }

  /** @param {number} value */
  #int16(value) {
    this.#room(2);
    this.#at = this.#bytes.writeInt16BE(value, this.#at);
  }

  /** @param {number} value */
  #int32(value) {
    this.#room(4);
    this.#at = this.#bytes.writeInt32BE(value, this.#at);
  }

  /**
   * The text's UTF-8 bytes (a lone surrogate as U+FFFD, as TextEncoder writes it); their count.
   * @param {string} text
   */
  #utf8(text) {
    // At most three bytes for each UTF-16 code unit.
    this.#room(text.length * 3);
    const written = this.#bytes.write(text, this.#at, "utf8");
    this.#at += written;
    return written;
  }

  /** A NUL-terminated string; PostgreSQL would read one holding NUL as shorter. @param {string} text */
  #cstring(text) {
    if (text.includes("\0")) throw new Error("A name or statement sent to PostgreSQL holds a NUL character.");
    this.#utf8(text);
    this.#byte(0);
  }
}
