// @ts-check
// PGlite with PostgreSQL's wire protocol straight to and from its WebAssembly module, for the
// embedded database's session (wire.mjs). PGlite's execProtocolRaw() hands every byte PostgreSQL
// writes to PGlite's own protocol parser first (a message object and a copy of every field of every
// row, kept in a list until its next execProtocol()) and copies the answer twice more; the session
// reads the bytes itself (readAnswer), so on a batch of name lookups that parse was a quarter of the
// database thread's time (a CPU profile of the thread under `npm run bench:http`'s cache misses).
// exchange() has PostgreSQL read the message from, and write its answer into, buffers of ours,
// through callbacks of ours set in the module in place of PGlite's (reached as a subclass: `mod`
// is protected). From the first exchange() on, PGlite's own parser sees nothing, so its query API
// refuses instead of answering nothing; close() still works, its Terminate message going through
// exchange().
import { PGlite } from "@electric-sql/pglite";

// Kept across exchanges; one that grew past KEPT_ANSWER_BYTES (a large answer) is not kept.
const INITIAL_ANSWER_BYTES = 64 * 1024;
const KEPT_ANSWER_BYTES = 1024 * 1024;
const NO_MESSAGE = new Uint8Array(0);

export class DirectPGlite extends PGlite {
  #attached = false;
  #closing = false;
  /**
   * The message PostgreSQL is reading, and how far.
   * @type {Uint8Array}
   */
  #message = NO_MESSAGE;
  #read = 0;
  /** PostgreSQL's answer to it so far. */
  #answer = new Uint8Array(INITIAL_ANSWER_BYTES);
  #written = 0;

  /**
   * Sends `message` (one or more frontend messages) and returns every byte PostgreSQL wrote in
   * answer: a view of a buffer reused by the next exchange, to be read before it.
   * @param {Uint8Array} message
   * @returns {Uint8Array}
   */
  exchange(message) {
    if (this.closed) throw new Error("PGlite is closed");
    const module = this.#module();
    if (this.#answer.length > KEPT_ANSWER_BYTES) this.#answer = new Uint8Array(INITIAL_ANSWER_BYTES);
    this.#message = message;
    this.#read = 0;
    this.#written = 0;
    try {
      module._interactive_one(message.length, message[0]);
    } finally {
      this.#message = NO_MESSAGE;
    }
    return this.#answer.subarray(0, this.#written);
  }

  /**
   * PGlite's own calls (close's Terminate) once exchange() owns the module's callbacks.
   * @param {Uint8Array} message
   */
  execProtocolRawSync(message) {
    return this.#attached ? this.exchange(message).slice() : super.execProtocolRawSync(message);
  }

  // PGlite's query API reads the answers its parser collected, through execProtocolStream()
  // (query, exec, transaction, listen, describeQuery) or execProtocol(): there are none once
  // exchange() is used, so both refuse, except for close()'s Terminate, whose answer nobody reads.

  /** @type {PGlite["execProtocol"]} */
  execProtocol(...args) {
    if (!this.#closing) this.#refuseOnceAttached();
    return super.execProtocol(...args);
  }

  /** @type {PGlite["execProtocolStream"]} */
  execProtocolStream(...args) {
    this.#refuseOnceAttached();
    return super.execProtocolStream(...args);
  }

  #refuseOnceAttached() {
    if (this.#attached)
      throw new Error(
        "PGlite's own query API sees no answers once exchange() is used (lib/db/pglite-host/direct-pglite.mjs)",
      );
  }

  /** @type {PGlite["close"]} */
  close() {
    this.#closing = true;
    return super.close();
  }

  /** The module, with our callbacks set in it. */
  #module() {
    const module = this.mod;
    if (!module) throw new Error("PGlite is not ready");
    if (!this.#attached) {
      const read = module.addFunction((/** @type {number} */ pointer, /** @type {number} */ max) => {
        const length = Math.min(this.#message.length - this.#read, max);
        module.HEAPU8.set(this.#message.subarray(this.#read, this.#read + length), pointer);
        this.#read += length;
        return length;
      }, "iii");
      const write = module.addFunction((/** @type {number} */ pointer, /** @type {number} */ length) => {
        const needed = this.#written + length;
        if (needed > this.#answer.length) {
          const larger = new Uint8Array(Math.max(needed, this.#answer.length * 2));
          larger.set(this.#answer.subarray(0, this.#written));
          this.#answer = larger;
        }
        this.#answer.set(module.HEAPU8.subarray(pointer, pointer + length), this.#written);
        this.#written = needed;
        return length;
      }, "iii");
      module._set_read_write_cbs(read, write);
      this.#attached = true;
    }
    return module;
  }
}
