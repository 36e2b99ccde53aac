// A local exchange-rate source speaking Coinbase's `GET /v2/exchange-rates?currency=X` and
// CoinGecko's `GET /api/v3/simple/price?ids=…&vs_currencies=usd` JSON, with the prices a test sets
// (USD per whole coin) and a switch that makes it fail. It counts the requests it answers.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RatesServer {
  /** Coinbase's form for one base currency (USD gives every coin, inverted). */
  coinbaseUrl(base: string): string;
  coingeckoUrl(): string;
  setPrices(prices: Record<string, string>): void;
  setFailing(failing: boolean): void;
  requests(): number;
  close(): Promise<void>;
}

const GECKO_IDS: Record<string, string> = { ETH: "ethereum", USDC: "usd-coin", BTC: "bitcoin" };

export async function startRatesServer(initial: Record<string, string>): Promise<RatesServer> {
  let prices = { ...initial };
  let failing = false;
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    const url = new URL(req.url ?? "/", "http://rates.local");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (failing) return send(503, { error: "unavailable" });
    if (url.pathname === "/v2/exchange-rates") {
      const base = (url.searchParams.get("currency") ?? "USD").toUpperCase();
      const rates: Record<string, string> = {};
      if (base === "USD") for (const [code, usd] of Object.entries(prices)) rates[code] = String(1 / Number(usd));
      else if (prices[base]) rates.USD = prices[base];
      return send(200, { data: { currency: base, rates } });
    }
    if (url.pathname === "/api/v3/simple/price") {
      const body: Record<string, { usd: number }> = {};
      for (const [code, usd] of Object.entries(prices)) body[GECKO_IDS[code]] = { usd: Number(usd) };
      return send(200, body);
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    coinbaseUrl: (base) => `${origin}/v2/exchange-rates?currency=${base}`,
    coingeckoUrl: () => `${origin}/api/v3/simple/price?ids=ethereum,usd-coin,bitcoin&vs_currencies=usd`,
    setPrices: (next) => {
      prices = { ...next };
    },
    setFailing: (next) => {
      failing = next;
    },
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
