import "server-only";
import { database, type Database } from "./index";

// Cache invalidation across instances: a write publishes `<topic>:<key>` on one PostgreSQL
// NOTIFY channel (sent at commit when published inside a transaction); every instance, the
// writer included, drops what it cached under that key. When the listening connection is lost
// every cache is flushed, since notifications may have been missed.

export const INVALIDATION_CHANNEL = "namesvc_invalidate";

export type Topic = "token" | "partner" | "name" | "address" | "tld" | "order" | "sync";

type Handler = (key: string) => void;

// One registry per process, on globalThis: under Next.js the listener is started by
// instrumentation.ts, which Next.js bundles apart from the routes whose caches it must reach.
const REGISTRY = Symbol.for("namesvc.invalidation-registry");
const registry = ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= {
  handlers: new Map(),
  messageHandlers: new Set(),
  flushers: new Set(),
  seenSyncKeys: new Set(),
});
interface Registry {
  handlers: Map<Topic, Set<Handler>>;
  messageHandlers: Set<(message: string) => void>;
  flushers: Set<() => void>;
  seenSyncKeys: Set<string>;
}
const { handlers, messageHandlers, flushers } = registry;

/** Registers what to drop when `topic:key` is published, and what to drop when all must go. */
export function onInvalidate(topic: Topic, handler: Handler, flushAll?: () => void): void {
  if (!handlers.has(topic)) handlers.set(topic, new Set());
  handlers.get(topic)!.add(handler);
  if (flushAll) flushers.add(flushAll);
}

/** Registers a handler of every `topic:key` message (the response cache keys its entries by them). */
export function onAnyInvalidation(handler: (message: string) => void, flushAll: () => void): void {
  messageHandlers.add(handler);
  flushers.add(flushAll);
}

function flushAllCaches(): void {
  epoch++;
  lastInvalidated.clear();
  forgottenBefore = epoch;
  for (const flush of flushers) flush();
}

// A load that was under way when what it read was invalidated may hold the old value: caches note
// the epoch when a load starts and keep its result only if none of its keys was invalidated since.
// The last MAX_REMEMBERED invalidations are remembered; a load older than those is not kept.
const MAX_REMEMBERED = 10_000;
let epoch = 0;
let forgottenBefore = 0;
const lastInvalidated = new Map<string, number>();

/** The current invalidation epoch: note it before loading something a cache will keep. */
export function invalidationEpoch(): number {
  return epoch;
}

/** True when any of `messages` (`topic:key`) was invalidated after `since` (or may have been). */
export function invalidatedSince(messages: readonly string[], since: number): boolean {
  if (since === epoch) return false;
  if (since < forgottenBefore) return true;
  for (const message of messages) if ((lastInvalidated.get(message) ?? -1) > since) return true;
  return false;
}

function remember(message: string): void {
  epoch++;
  lastInvalidated.delete(message);
  lastInvalidated.set(message, epoch);
  if (lastInvalidated.size > MAX_REMEMBERED) {
    const [oldest, at] = lastInvalidated.entries().next().value!;
    lastInvalidated.delete(oldest);
    forgottenBefore = at;
  }
}

function dispatch(message: string): void {
  const colon = message.indexOf(":");
  if (colon === -1) return;
  remember(message);
  const topic = message.slice(0, colon) as Topic;
  const key = message.slice(colon + 1);
  for (const handler of handlers.get(topic) ?? []) handler(key);
  for (const handler of messageHandlers) handler(message);
}

/** A transaction to publish in, so the notifications go out only if it commits (a Prisma transaction client). */
export interface NotifyWithin {
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<unknown>;
}

/** Drops `topic:key` here at once and tells the other instances, at `tx`'s commit when given. */
export function invalidate(topic: Topic, key: string, tx?: NotifyWithin): Promise<void> {
  return invalidateAll([[topic, key]], tx);
}

/** The messages of `[topic, key]` pairs, each once: what a statement publishing with notifySql sends. */
export const messagesOf = (tags: readonly (readonly [Topic, string])[]) => [
  ...new Set(tags.map(([topic, key]) => `${topic}:${key}`)),
];

/**
 * The SQL that tells the other instances `message` (an SQL text expression `topic:key`), for a
 * write that publishes from its own statement; the writer then calls dropHere with the same tags.
 */
export function notifySql(message: string): string {
  return `pg_notify('${INVALIDATION_CHANNEL}', ${message})`;
}

/** The local half of invalidateAll, for a statement that published with notifySql. */
export function dropHere(tags: readonly (readonly [Topic, string])[]): void {
  for (const message of messagesOf(tags)) dispatch(message);
}

/** invalidate for several `[topic, key]` pairs, told to the other instances in one statement, in order. */
export async function invalidateAll(tags: readonly (readonly [Topic, string])[], tx?: NotifyWithin): Promise<void> {
  const messages = messagesOf(tags);
  if (messages.length === 0) return;
  for (const message of messages) dispatch(message);
  const sql = `SELECT ${notifySql("message")} FROM unnest($1::text[]) AS message`;
  if (tx) await tx.$executeRawUnsafe(sql, messages);
  else await database().query(sql, [messages]);
}

/** Subscribes this instance to the others' invalidations; returns how to stop. */
export async function listenForInvalidations(db: Database = database()): Promise<() => Promise<void>> {
  return db.listen(INVALIDATION_CHANNEL, dispatch, flushAllCaches);
}

// A barrier for tests of several instances: a `sync:<key>` published after a write is delivered
// after that write's invalidations, so an instance that has seen it has applied them.
const { seenSyncKeys } = registry;
onInvalidate("sync", (key) => {
  if (seenSyncKeys.size > 1000) seenSyncKeys.clear();
  seenSyncKeys.add(key);
});

export async function waitForSync(key: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!seenSyncKeys.has(key)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}
