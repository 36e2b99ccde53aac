// `npm start`'s pages process, started and stopped by the server (lib/server/pages-process.ts):
// Next.js serving the pages on a Unix socket only the server reaches. Plain JavaScript, without the
// server's bundle: this process holds no database and runs no route of the API, so it loads only
// Next.js and what the pages need. Arguments: the socket's path, then the port the server listens on.
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import next from "next";
import { applyServerLimits } from "./server-limits.mjs";
import { markServicesElsewhere } from "./services-slot.mjs";

const [socketPath, port] = process.argv.slice(2);
markServicesElsewhere();
const app = next({ dev: false, dir: process.cwd(), port: Number(port) });
await app.prepare();
const handle = app.getRequestHandler();
const server = createServer((req, res) => void handle(req, res));
applyServerLimits(server);
// A process killed outright leaves its socket file behind; the directory is the server's own.
rmSync(socketPath, { force: true });
await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(socketPath, resolve);
});
process.send?.("ready");
// Ends with the server: its channel closes when it exits, however it exits. A terminal's Ctrl-C
// reaches the whole process group; the server stops this process itself (SIGTERM) as it stops.
process.once("disconnect", () => process.exit(0));
process.on("SIGINT", () => undefined);
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
