// The reference for cache-miss resolution in `npm run bench:http`: a bare node:http server that
// answers GET /v1/resolve/<name> with one indexed query through `pg` per request (the name and all
// its records, aggregated as JSON), and the same body shapes as the service (200 ResolveResult,
// 404 ErrorResponse). No authorization, no validation, no cache: the floor of what a database read
// per request costs. Run as `node scripts/bench/bare-pg-server.mjs <database url> <pool size>`.
import http from "node:http";
import pg from "pg";

const [url, poolSize = "20"] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });

const QUERY = `SELECT d.name, d.owner_address, d.content_hash, d.expires_at,
   COALESCE((SELECT json_agg(json_build_object('address', w.address, 'coin', w.coin, 'version', w.version)
             ORDER BY w.coin, w.version) FROM wallet_record w WHERE w.domain_id = d.id), '[]') AS wallets,
   COALESCE((SELECT json_agg(json_build_object('name', r.name, 'ttl', r.ttl, 'type', r.type, 'value', r.value)
             ORDER BY r.type, r.name, r.value) FROM dns_record r WHERE r.domain_id = d.id), '[]') AS dns,
   COALESCE((SELECT json_agg(json_build_object('key', t.key, 'value', t.value) ORDER BY t.key)
             FROM text_record t WHERE t.domain_id = d.id), '[]') AS texts
 FROM "domain" d WHERE d.name = $1`;

const PREFIX = "/v1/resolve/";

const server = http.createServer(async (req, res) => {
  if (!req.url.startsWith(PREFIX)) {
    res.writeHead(404);
    return res.end();
  }
  const name = decodeURIComponent(req.url.slice(PREFIX.length).split("?")[0]).toLowerCase();
  try {
    const { rows } = await pool.query(QUERY, [name]);
    const row = rows[0];
    const live = row && (row.expires_at === null || row.expires_at.getTime() > Date.now());
    const body = live
      ? JSON.stringify({
          contentHash: row.content_hash,
          dnsRecords: row.dns,
          domain: row.name,
          nameService: "native",
          ownerAddress: row.owner_address,
          txtRecords: row.texts,
          wallets: row.wallets,
        })
      : JSON.stringify({ field: "domain", info: `${name} is not registered with native.` });
    res.writeHead(live ? 200 : 404, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(`bare-pg listening on http://127.0.0.1:${server.address().port}`));
