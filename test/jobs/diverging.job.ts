/** A job module that breaks the rule: its plan holds a number drawn at random, different in every worker. */
import { defineJob } from "../../src/index.js";

export default defineJob(async (env) => env.fromElements(Math.random(), 1, 2).map((x) => x + 1).collect());
