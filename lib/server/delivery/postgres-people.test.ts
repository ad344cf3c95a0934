import { beforeAll, describe } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { peopleContract } from "@/lib/server/delivery/people-contract";
import { openPostgresPeople } from "@/lib/server/delivery/postgres-people";

/** E-mail delivery's people on a real PostgreSQL (a database of this file's own); "another instance" is a second pool. */
let url: string;
beforeAll(async () => {
  url = await freshDatabase("rd_people");
});

describe("the PostgreSQL people store keeps delivery settings and claims digests", () => {
  peopleContract({
    open: async () => {
      const store = await openPostgresPeople({ url, poolSize: 4 });
      await sql(url, "TRUNCATE delivery_people, delivery_digests");
      return store;
    },
    openAnother: () => openPostgresPeople({ url, poolSize: 4 }),
  });
});
