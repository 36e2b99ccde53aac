// Stands in for Next.js behind lib/server (`npm start` hands it every request the API router does
// not answer): it records what reached it, so a test can show what the edge let through.
import type { IncomingHttpHeaders } from "node:http";
import type { NextHandler } from "@/lib/server/http-server";

export interface PagesStandIn {
  handler: NextHandler;
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
}

export function pagesStandIn(): PagesStandIn {
  const seen: PagesStandIn["seen"] = [];
  return {
    seen,
    async handler(req, res) {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: { ...req.headers } });
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>page</title>");
    },
  };
}
