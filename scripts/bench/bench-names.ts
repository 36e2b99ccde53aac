// The names the HTTP benches ask when every request must miss the caches: DISTINCT_NAMES registered
// sub-domains of brand.web3 (m1.brand.web3, …, each with an ETH wallet) added to a seeded
// database, and a stream of paths that alternates one of them (in order, never repeated) with a
// name nobody registered.
import { database } from "@/lib/db";

export const DISTINCT_NAMES = 100_000;

/** Adds the DISTINCT_NAMES sub-domains to the open database, which holds the demo data (brand.web3). */
export async function addBrandNames(): Promise<void> {
  await database().query(
    `INSERT INTO "domain" (id, name, node, label, tld, parent_id, owner_address, owner_key, created_at, updated_at)
     SELECT gen_random_uuid(), 'm' || g || '.brand.web3', '0x' || md5('m' || g) || md5('n' || g), 'm' || g,
            'web3', p.id, '0x' || substr(md5('o' || g), 1, 40), '0x' || substr(md5('o' || g), 1, 40),
            now() - g * interval '1 second', now()
       FROM generate_series(1, $1::int) AS g, (SELECT id FROM "domain" WHERE name = 'brand.web3') AS p`,
    [DISTINCT_NAMES],
  );
  await database().query(
    `INSERT INTO wallet_record (id, domain_id, coin, version, coin_type, address)
     SELECT gen_random_uuid(), d.id, 'ETH', 'NATIVE', 60, d.owner_address
     FROM "domain" d WHERE d.name LIKE 'm%.brand.web3'`,
  );
  await database().query(`UPDATE "domain" SET subdomain_count = subdomain_count + $1 WHERE name = 'brand.web3'`, [
    DISTINCT_NAMES,
  ]);
}

/**
 * Resolution paths, each of a name not asked before: alternately an unregistered name under
 * `prefix` and the next registered sub-domain. `wrapped()` says the registered ones ran out and
 * repeated.
 */
export function uniqueNames(prefix: string) {
  let count = 0;
  let registered = 0;
  return {
    next: () => {
      count++;
      if (count % 2 === 1) return `/v1/resolve/${prefix}x${count}.web3`;
      registered++;
      return `/v1/resolve/m${((registered - 1) % DISTINCT_NAMES) + 1}.brand.web3`;
    },
    wrapped: () => registered > DISTINCT_NAMES,
  };
}
