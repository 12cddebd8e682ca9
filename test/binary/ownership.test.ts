import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, JoinHint, JoinType } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { ALL_HINTS } from "./fixtures.js";

type User = { id: number; name: string };
type Order = { user: number; item: string };

function data(env: ExecutionEnvironment) {
  const users = env.fromElements<User>({ id: 1, name: "Alice" }, { id: 2, name: "Bob" });
  const orders = env.fromElements<Order>({ user: 1, item: "a" }, { user: 1, item: "b" }, { user: 1, item: "c" }, { user: 2, item: "d" });
  return { users, orders };
}

testAtParallelism("a join function mutating either input never affects another match, whatever the strategy", async (env) => {
  const { users, orders } = data(env);
  for (const hint of ALL_HINTS) {
    const out = await users.join(orders, hint).where("id").equalTo("user").with((u, o) => {
      u.name += "!";
      o.item += "?";
      return `${u.name}${o.item}`;
    }).collect();
    assertSameRecords(out, ["Alice!a?", "Alice!b?", "Alice!c?", "Bob!d?"], hint);
  }
  for (const hint of ALL_HINTS) {
    // Orders joined against a duplicated user: the order record is handed out twice.
    const twice = users.union(users.map((u) => ({ id: u.id, name: u.name.toUpperCase() })));
    const out = await orders.join(twice, hint).where("user").equalTo("id").with((o, u) => { o.item += "*"; return `${o.item}${u.name}`; }).collect();
    assertSameRecords(out, ["a*Alice", "a*ALICE", "b*Alice", "b*ALICE", "c*Alice", "c*ALICE", "d*Bob", "d*BOB"], hint);
  }
});

testAtParallelism("default join pairs hold distinct objects, so mutating one result does not change another", async (env) => {
  const { users, orders } = data(env);
  for (const hint of ALL_HINTS) {
    const pairs = await users.join(orders, hint).where("id").equalTo("user").collect();
    const alices = pairs.filter(([u]) => u.id === 1).map(([u]) => u);
    assert.equal(alices.length, 3);
    assert.equal(new Set(alices).size, 3, `${hint}: each pair has its own copy of the shared user`);
    const shouted = await users
      .join(orders, hint)
      .where("id")
      .equalTo("user")
      .map(([u, o]) => {
        u.name = u.name.toUpperCase() + o.item;
        return u.name;
      })
      .collect();
    assertSameRecords(shouted, ["ALICEa", "ALICEb", "ALICEc", "BOBd"], hint);
  }
});

testAtParallelism("outer join and coGroup functions may mutate their inputs", async (env) => {
  const { users, orders } = data(env);
  for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND, JoinHint.REPARTITION_SORT_MERGE]) {
    const out = await orders.fullOuterJoin(users, hint).where("user").equalTo("id").with((o, u) => {
      if (u) u.name += "+";
      return `${o?.item}${u?.name}`;
    }).collect();
    assertSameRecords(out, ["aAlice+", "bAlice+", "cAlice+", "dBob+"], `${JoinType.FULL_OUTER} ${hint}`);
  }
  const counts = await users.coGroup(orders).where("id").equalTo("user").with((us, os, out) => {
    for (const u of us) { u.name = u.name.toLowerCase(); out.collect(`${u.name}:${[...os].map((o) => o.item).join("")}`); }
  }).collect();
  assertSameRecords(counts, ["alice:abc", "bob:d"]);
});

test("the program's own elements are never mutated by join functions", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const users: User[] = [{ id: 1, name: "Alice" }];
  const orders: Order[] = [{ user: 1, item: "a" }];
  for (const hint of ALL_HINTS) {
    await env
      .fromCollection(users)
      .join(env.fromCollection(orders), hint)
      .where("id")
      .equalTo("user")
      .with((u, o) => {
        u.name = "x";
        o.item = "y";
        return 1;
      })
      .collect();
  }
  assert.deepEqual(users, [{ id: 1, name: "Alice" }]);
  assert.deepEqual(orders, [{ user: 1, item: "a" }]);
});

test("with object reuse enabled joins stay correct for functions that do not mutate", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().enableObjectReuse();
  const { users, orders } = data(env);
  for (const hint of ALL_HINTS) {
    assertSameRecords(
      await users
        .join(orders, hint)
        .where("id")
        .equalTo("user")
        .with((u, o) => u.name + o.item)
        .collect(),
      ["Alicea", "Aliceb", "Alicec", "Bobd"],
      hint,
    );
  }
});
